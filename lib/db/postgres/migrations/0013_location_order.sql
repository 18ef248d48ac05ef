-- Up Migration
-- The nearest-first reads of 0012 walk GiST indexes filled in the order the rows came (by id, places scattered over
-- the world), so a page of US places spanned the whole country: reading the 18 nearest US places of a center visited
-- 150 to 250 pages (2 to 8 ms at a million places). With the table rewritten in (country, state, fine cell) order its
-- indexes are rebuilt in that order, and the same read visits 8 to 26 pages (0.2 to 0.4 ms). The rewrite (CLUSTER)
-- holds an exclusive lock on `places` for minutes at a million places, so it is not done here, where every instance
-- would wait for it at start: `npm run places:reorder` does it when the operator chooses, and the copy from SQLite
-- at its end. This only records the order.
CREATE INDEX places_location_order ON places (country, state, fine_cell);
ALTER TABLE places CLUSTER ON places_location_order;

-- Down Migration
ALTER TABLE places SET WITHOUT CLUSTER;
DROP INDEX places_location_order;
