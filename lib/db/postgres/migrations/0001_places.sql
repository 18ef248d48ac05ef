-- Up Migration
-- The place store on PostgreSQL + PostGIS. Every indexed column is computed by the application
-- (lib/places/store/place-columns.ts), exactly as the SQLite store computes it, so both engines answer alike.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE places (
  id bigint PRIMARY KEY,
  cell integer NOT NULL,
  fine_cell integer NOT NULL,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  x double precision NOT NULL,
  y double precision NOT NULL,
  z double precision NOT NULL,
  geom geometry(Point, 4326) NOT NULL,
  tags integer NOT NULL,
  chain integer NOT NULL,
  fidelity smallint NOT NULL,
  rv smallint NOT NULL,
  relevance double precision NOT NULL,
  rating double precision NOT NULL,
  rating_count integer NOT NULL,
  name_key text COLLATE "C" NOT NULL,
  country text NOT NULL,
  state text NOT NULL,
  rv_makes integer NOT NULL,
  rv_types integer NOT NULL,
  rv_services integer NOT NULL,
  rv_flags integer NOT NULL,
  rv_amenities text NOT NULL,
  names tsvector NOT NULL,
  everything tsvector NOT NULL,
  status text NOT NULL,
  closures text,
  rv_json text,
  body text NOT NULL,
  detail text NOT NULL
);
CREATE INDEX places_geom ON places USING gist (geom);
CREATE INDEX places_rv_geom ON places USING gist (geom) WHERE rv = 1;
CREATE INDEX places_fine ON places (fine_cell) INCLUDE (x, y, z, lon, lat, tags, chain);
CREATE INDEX places_country ON places (country);
CREATE INDEX places_state ON places (state);
CREATE INDEX places_names ON places USING gin (names);
CREATE INDEX places_everything ON places USING gin (everything);

CREATE TABLE previous_ids (
  previous_id bigint PRIMARY KEY,
  place_id bigint NOT NULL REFERENCES places (id) ON DELETE CASCADE
);
CREATE INDEX previous_by_place ON previous_ids (place_id);

CREATE TABLE place_regions (
  region_id bigint NOT NULL,
  place_id bigint NOT NULL REFERENCES places (id) ON DELETE CASCADE,
  PRIMARY KEY (region_id, place_id)
);
CREATE INDEX regions_by_place ON place_regions (place_id);

CREATE TABLE chains (code integer PRIMARY KEY, public_id text NOT NULL UNIQUE, name text NOT NULL);

-- Places per grid cell and key (all, RV, each tag, each chain), on the 0.1 and 0.02 degree grids.
CREATE TABLE cell_counts (key integer NOT NULL, cell integer NOT NULL, n integer NOT NULL, PRIMARY KEY (key, cell));

-- `version` grows with every committed change of the places; instances drop their caches when it moves.
CREATE TABLE places_meta (key text PRIMARY KEY, value text NOT NULL);
INSERT INTO places_meta (key, value) VALUES ('version', '0');

-- Down Migration
DROP TABLE places_meta, cell_counts, chains, place_regions, previous_ids, places;
