-- Up Migration
-- The imported map's vector tiles (lib/map/store/postgres), read by every instance: one tile set answers at a time
-- (map_current); an import writes the new set beside it and switches at the end, then drops the old one.
CREATE TABLE map_tilesets (
  id bigserial PRIMARY KEY,
  version text NOT NULL,
  name text NOT NULL,
  source text NOT NULL,
  imported_at text NOT NULL,
  minzoom smallint NOT NULL,
  maxzoom smallint NOT NULL,
  bounds float8[] NOT NULL,
  layers text[] NOT NULL,
  tile_count integer NOT NULL,
  average_tile_bytes jsonb NOT NULL
);

-- XYZ numbering (y from the north), as the web asks; the bytes as tilemaker wrote them (gzip).
CREATE TABLE map_tiles (
  tileset_id bigint NOT NULL REFERENCES map_tilesets (id) ON DELETE CASCADE,
  z smallint NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (tileset_id, z, x, y)
);

CREATE TABLE map_current (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  tileset_id bigint NOT NULL REFERENCES map_tilesets (id)
);

-- Down Migration
DROP TABLE map_current;
DROP TABLE map_tiles;
DROP TABLE map_tilesets;
