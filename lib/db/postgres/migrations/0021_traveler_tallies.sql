-- Up Migration
-- Travelers' reviews counted into the places' sort columns (relevance, rating, rating_count), by place: what was
-- applied, so that only places whose reviews changed are written again (lib/places/store/postgres/traveler-tallies.ts).
-- An import writes the dataset's figures and empties this table; the next pass counts the reviews in again.
CREATE TABLE traveler_tallies (
  place_id bigint PRIMARY KEY,
  count integer NOT NULL,
  rating_sum integer NOT NULL
);

-- Down Migration
DROP TABLE traveler_tallies;
