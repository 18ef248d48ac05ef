-- Up Migration
-- Readers' reports of travelers' reviews (issue 54), one a person a review, open until a moderator acts on them.
CREATE TABLE review_reports (
  review_id text NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  reporter_id text NOT NULL,
  reason text NOT NULL,
  note text,
  created_at timestamptz NOT NULL,
  closed_at timestamptz,
  PRIMARY KEY (review_id, reporter_id)
);
CREATE INDEX review_reports_open ON review_reports (created_at) WHERE closed_at IS NULL;

-- Down Migration
DROP TABLE review_reports;
