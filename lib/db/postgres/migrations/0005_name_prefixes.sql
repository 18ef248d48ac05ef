-- Up Migration
-- A name search reads, cell by cell, only the places that have a name word starting with the first three letters of
-- one of its words, instead of testing every place of its area: one row per place and distinct three-letter
-- prefix of its name words, carrying what the other filters test. Kept in step with `places` by the triggers
-- below, per statement (the writer inserts and deletes places in batches; a place's names never change in place).
CREATE TABLE place_name_prefixes (
  prefix text COLLATE "C" NOT NULL,
  fine_cell integer NOT NULL,
  id bigint NOT NULL,
  x double precision NOT NULL,
  y double precision NOT NULL,
  z double precision NOT NULL,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  tags integer NOT NULL,
  chain integer NOT NULL,
  fidelity smallint NOT NULL,
  names tsvector NOT NULL
);

INSERT INTO place_name_prefixes
  SELECT DISTINCT left(w.lexeme, 3), p.fine_cell, p.id, p.x, p.y, p.z, p.lon, p.lat, p.tags, p.chain, p.fidelity, p.names
  FROM places p, unnest(p.names) AS w;

-- Without the other columns in the index (half the size): a bitmap heap scan of the few matches per cell range.
CREATE INDEX place_name_prefixes_cell ON place_name_prefixes (prefix, fine_cell);
CREATE INDEX place_name_prefixes_id ON place_name_prefixes (id);

CREATE FUNCTION place_name_prefixes_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO place_name_prefixes
    SELECT DISTINCT left(w.lexeme, 3), p.fine_cell, p.id, p.x, p.y, p.z, p.lon, p.lat, p.tags, p.chain, p.fidelity, p.names
    FROM added p, unnest(p.names) AS w;
  RETURN NULL;
END $$;

CREATE FUNCTION place_name_prefixes_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM place_name_prefixes WHERE id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;

CREATE TRIGGER place_name_prefixes_added AFTER INSERT ON places
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION place_name_prefixes_added();
CREATE TRIGGER place_name_prefixes_removed AFTER DELETE ON places
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION place_name_prefixes_removed();

-- Down Migration
DROP TRIGGER place_name_prefixes_removed ON places;
DROP TRIGGER place_name_prefixes_added ON places;
DROP FUNCTION place_name_prefixes_removed();
DROP FUNCTION place_name_prefixes_added();
DROP TABLE place_name_prefixes;
