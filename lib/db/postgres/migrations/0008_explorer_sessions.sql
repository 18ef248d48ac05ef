-- Up Migration
-- The Explorer's session records (lib/auth/session-records): sessions ended by a back-channel logout, by sid or
-- by subject (every session signed in before ended_at), and each session's ID token for its sign-out. Times are
-- epoch seconds; rows older than a day are pruned as new ones are written.
CREATE TABLE explorer_ended_sessions (
  kind text NOT NULL CHECK (kind IN ('sid', 'sub')),
  value text NOT NULL,
  ended_at bigint NOT NULL,
  PRIMARY KEY (kind, value)
);
CREATE INDEX explorer_ended_sessions_ended_at ON explorer_ended_sessions (ended_at);

CREATE TABLE explorer_id_token_hints (
  sid text PRIMARY KEY,
  id_token text NOT NULL,
  stored_at bigint NOT NULL
);
CREATE INDEX explorer_id_token_hints_stored_at ON explorer_id_token_hints (stored_at);

-- Down Migration
DROP TABLE explorer_id_token_hints;
DROP TABLE explorer_ended_sessions;
