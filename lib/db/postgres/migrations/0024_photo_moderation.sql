-- Up Migration
-- Photos reported and hidden on their own (issue 54): a photo of a hidden review is hidden with it besides.
ALTER TABLE place_photos ADD COLUMN hidden_at timestamptz, ADD COLUMN hidden_by text, ADD COLUMN hidden_reason text;

CREATE TABLE photo_reports (
  photo_id text NOT NULL REFERENCES place_photos (id) ON DELETE CASCADE,
  reporter_id text NOT NULL,
  reason text NOT NULL,
  note text,
  created_at timestamptz NOT NULL,
  closed_at timestamptz,
  PRIMARY KEY (photo_id, reporter_id)
);
CREATE INDEX photo_reports_open ON photo_reports (created_at) WHERE closed_at IS NULL;

-- Down Migration
DROP TABLE photo_reports;
ALTER TABLE place_photos DROP COLUMN hidden_at, DROP COLUMN hidden_by, DROP COLUMN hidden_reason;
