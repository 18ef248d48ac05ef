-- Up Migration
-- A search by country or state ordered by distance: the nearest places of one location straight from a GiST index
-- on (location, the place's point on the unit sphere), read in order of the 3-D distance to the center
-- (`<<->>`, the chord, which orders as the great-circle distance does), however far the center is from the location.
-- btree_gist lets the location's text column lead the GiST index.
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE INDEX places_country_nearest ON places USING gist (country, (ST_MakePoint(x, y, z)) gist_geometry_ops_nd);
CREATE INDEX places_state_nearest ON places USING gist (state, (ST_MakePoint(x, y, z)) gist_geometry_ops_nd);

-- Down Migration
DROP INDEX places_country_nearest, places_state_nearest;
