-- Up Migration
-- The import ledger: which OpenStreetMap object each imported place came from, and what it looked like then.
CREATE TABLE place_sources (
  key text PRIMARY KEY,
  place_id bigint NOT NULL,
  digest text NOT NULL,
  kind text NOT NULL,
  name_key text NOT NULL,
  lon float8 NOT NULL,
  lat float8 NOT NULL,
  previous_ids bigint[] NOT NULL
);
CREATE INDEX place_sources_place ON place_sources (place_id);

-- Down Migration
DROP TABLE place_sources;
