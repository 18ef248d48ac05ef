-- Up Migration
-- The nearest-first reads of 0012 walk GiST indexes filled in the order the rows came (by id, places scattered over
-- the world), so a page of US places spanned the whole country: reading the 18 nearest US places of a center visited
-- 150 to 250 pages (2 to 8 ms at a million places). With the table rewritten in (country, state, fine cell) order its
-- indexes are rebuilt in that order, and the same read visits 8 to 26 pages (0.2 to 0.4 ms). CLUSTER remembers the
-- index: `CLUSTER places` puts the order back after a large import (the copy from SQLite does it). The migration
-- runner vacuums the table afterwards (lib/db/postgres/migrate.ts), which a transaction cannot.
CREATE INDEX places_location_order ON places (country, state, fine_cell);
CLUSTER places USING places_location_order;
ANALYZE places;

-- Down Migration
ALTER TABLE places SET WITHOUT CLUSTER;
DROP INDEX places_location_order;
