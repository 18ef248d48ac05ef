-- Up Migration
-- What the latest import of an owned place would have changed of what its owner set (issue 53): the file's values
-- by field, for the owner to accept or keep.
CREATE TABLE import_differences (
  place_id bigint PRIMARY KEY,
  imported_at timestamptz NOT NULL,
  fields jsonb NOT NULL
);

-- Down Migration
DROP TABLE import_differences;
