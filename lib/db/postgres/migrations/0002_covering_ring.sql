-- Up Migration
-- The nearest-first rings read the 0.02-degree cells of their area from this index alone (no heap page per
-- candidate): it carries the id as well now.
DROP INDEX places_fine;
CREATE INDEX places_fine ON places (fine_cell) INCLUDE (id, x, y, z, lon, lat, tags, chain);

-- Down Migration
DROP INDEX places_fine;
CREATE INDEX places_fine ON places (fine_cell) INCLUDE (x, y, z, lon, lat, tags, chain);
