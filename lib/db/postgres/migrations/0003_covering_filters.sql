-- Up Migration
-- Filtered searches by distance (name, fidelity, several tags, RV filters) read the cells of their area from these
-- indexes alone: every column such a filter tests is carried, the name words included.
DROP INDEX places_fine;
CREATE INDEX places_fine ON places (fine_cell) INCLUDE (id, x, y, z, lon, lat, tags, chain, fidelity, names);
CREATE INDEX places_rv_fine ON places (fine_cell)
  INCLUDE (id, x, y, z, lon, lat, tags, chain, fidelity, names, rv_makes, rv_types, rv_services, rv_flags) WHERE rv = 1;

-- Down Migration
DROP INDEX places_rv_fine;
DROP INDEX places_fine;
CREATE INDEX places_fine ON places (fine_cell) INCLUDE (id, x, y, z, lon, lat, tags, chain);
