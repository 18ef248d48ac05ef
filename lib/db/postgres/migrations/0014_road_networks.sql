-- Up Migration
-- Road networks (lib/roads/store/postgres): one answers at a time (road_current); an import writes the new one beside
-- it and switches at the end. Edges carry the limits the router checks and their line in PostGIS for snapping.
-- pgRouting routes on them where the server has it (Debian: postgresql-15-pgrouting) and this role may create it
-- (a superuser can, once); without it the app still starts, and the router says what is missing when asked to route.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pgrouting') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pgrouting;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pgRouting is not created: this role may not (run CREATE EXTENSION pgrouting as a superuser)';
    END;
  END IF;
END
$$;

CREATE TABLE road_networks (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  source text NOT NULL,
  imported_at text NOT NULL,
  generated boolean NOT NULL,
  node_count integer NOT NULL,
  edge_count integer NOT NULL,
  unreadable jsonb NOT NULL
);

CREATE TABLE road_current (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  network_id bigint NOT NULL REFERENCES road_networks (id)
);

CREATE TABLE road_nodes (
  network_id bigint NOT NULL,
  id integer NOT NULL,
  osm_id bigint,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  PRIMARY KEY (network_id, id)
);

-- source and target are the edge's first and last node, as pgRouting names them.
CREATE TABLE road_edges (
  network_id bigint NOT NULL,
  id integer NOT NULL,
  source integer NOT NULL,
  target integer NOT NULL,
  way_id bigint,
  highway text NOT NULL,
  name text,
  ref text,
  length_m double precision NOT NULL,
  speed_kmh double precision NOT NULL,
  speed_from text NOT NULL,
  oneway text NOT NULL CHECK (oneway IN ('forward', 'backward', 'both')),
  maxheight_m double precision,
  maxwidth_m double precision,
  maxlength_m double precision,
  maxweight_t double precision,
  access text,
  motorcar text,
  hgv text,
  hazmat text,
  tunnel boolean NOT NULL,
  tunnel_category text,
  geom geometry(LineString, 4326) NOT NULL,
  PRIMARY KEY (network_id, id)
);
CREATE INDEX road_edges_geom ON road_edges USING gist (geom);

-- Down Migration
DROP TABLE road_edges;
DROP TABLE road_nodes;
DROP TABLE road_current;
DROP TABLE road_networks;
