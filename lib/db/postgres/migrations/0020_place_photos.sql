-- Up Migration
-- Travelers' photos of places (issue 54), kept in the database every instance reads: the original re-encoded and the
-- spec's five sizes (0.32 MB for the bench's 12 MP phone photo). A photo of a review goes with it.
CREATE TABLE place_photos (
  id text PRIMARY KEY,
  place_id bigint NOT NULL,
  review_id text REFERENCES reviews (id) ON DELETE CASCADE,
  author_id text NOT NULL,
  author_handle text NOT NULL,
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX place_photos_place ON place_photos (place_id, created_at DESC);
CREATE INDEX place_photos_author ON place_photos (author_id);

CREATE TABLE place_photo_images (
  photo_id text NOT NULL REFERENCES place_photos (id) ON DELETE CASCADE,
  size text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (photo_id, size)
);

-- Down Migration
DROP TABLE place_photo_images;
DROP TABLE place_photos;
