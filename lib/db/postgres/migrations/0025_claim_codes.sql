-- Up Migration
-- A claim on a place proved by a code mailed to the place's own address (issue 53): the code's hash, where it went,
-- until when it holds and how many codes were typed.
CREATE TABLE claim_codes (
  claim_id text PRIMARY KEY REFERENCES place_claims (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  sent_to text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0
);

-- Down Migration
DROP TABLE claim_codes;
