-- Up Migration
-- Travelers' reviews of places (issue 54) and the comments on them. One review per person, place and visit date;
-- a hidden review (platform moderation) stays for its author and leaves the place's counts.
CREATE TABLE reviews (
  id text PRIMARY KEY,
  place_id bigint NOT NULL,
  author_id text NOT NULL,
  author_handle text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text text NOT NULL,
  visited_on date NOT NULL,
  rv jsonb,
  hidden_at timestamptz,
  hidden_by text,
  hidden_reason text,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (place_id, author_id, visited_on)
);
CREATE INDEX reviews_place ON reviews (place_id, visited_on DESC);
CREATE INDEX reviews_author ON reviews (author_id, created_at);

CREATE TABLE review_comments (
  id bigserial PRIMARY KEY,
  review_id text NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  author_id text NOT NULL,
  author_handle text NOT NULL,
  as_organization text,
  text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX review_comments_review ON review_comments (review_id, id);

-- Down Migration
DROP TABLE review_comments;
DROP TABLE reviews;
