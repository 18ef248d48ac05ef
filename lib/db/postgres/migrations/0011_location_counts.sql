-- Up Migration
-- A search by `locations` (country, state, region) answered without reading its matches: the exact total from
-- per-location counts (per count key: all places, RV providers, each tag bit, each chain), overlapping entries
-- reduced by pair counts (places in both of two locations, each ordered pair stored both ways), and the page from
-- ordered indexes per country and per state. Kept in step by the place writer (lib/places/store/postgres/writer.ts),
-- with the same keys as the SQLite store (lib/places/store/count-keys.ts).
CREATE TABLE location_counts (
  loc text COLLATE "C" NOT NULL,
  key integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (loc, key)
);

CREATE TABLE location_pairs (
  a text COLLATE "C" NOT NULL,
  b text COLLATE "C" NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (a, b)
);

CREATE TEMPORARY TABLE location_members ON COMMIT DROP AS
  SELECT id, 'c:' || country AS loc FROM places
  UNION ALL SELECT id, 's:' || state FROM places
  UNION ALL SELECT DISTINCT place_id, 'r:' || region_id FROM place_regions;

INSERT INTO location_counts (loc, key, n)
  SELECT m.loc, k.key, count(*)::int FROM location_members m JOIN (
    SELECT id, 0 AS key FROM places
    UNION ALL SELECT id, 1 FROM places WHERE rv = 1
    UNION ALL SELECT id, 1000 + chain FROM places WHERE chain > 0
    UNION ALL SELECT p.id, 100 + b FROM places p, generate_series(0, 30) AS b WHERE (p.tags & (1 << b)) <> 0
  ) k USING (id)
  GROUP BY m.loc, k.key;

INSERT INTO location_pairs (a, b, n)
  SELECT x.loc, y.loc, count(*)::int FROM location_members x JOIN location_members y ON x.id = y.id AND x.loc <> y.loc
  GROUP BY x.loc, y.loc;

DROP TABLE location_members;

CREATE INDEX places_country_relevance ON places (country, relevance DESC, id) INCLUDE (tags, chain);
CREATE INDEX places_country_rating ON places (country, rating DESC, rating_count DESC, id) INCLUDE (tags, chain);
CREATE INDEX places_country_name ON places (country, name_key, id) INCLUDE (tags, chain);
CREATE INDEX places_state_relevance ON places (state, relevance DESC, id) INCLUDE (tags, chain);
CREATE INDEX places_state_rating ON places (state, rating DESC, rating_count DESC, id) INCLUDE (tags, chain);
CREATE INDEX places_state_name ON places (state, name_key, id) INCLUDE (tags, chain);

-- Down Migration
DROP INDEX places_country_relevance, places_country_rating, places_country_name, places_state_relevance, places_state_rating, places_state_name;
DROP TABLE location_pairs;
DROP TABLE location_counts;
