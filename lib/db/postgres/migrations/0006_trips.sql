-- Up Migration
-- Trips: the stops are one JSON document, always replaced whole with the version check; sharing is by owner,
-- organization, or the SHA-256 hash of a link token.
CREATE TABLE trips (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  organization_id text,
  name text NOT NULL,
  version integer NOT NULL,
  stops jsonb NOT NULL,
  stop_count integer NOT NULL,
  share_token text,
  share_token_hash text UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX trips_owner ON trips (owner_id, updated_at);
CREATE INDEX trips_organization ON trips (organization_id, updated_at) WHERE organization_id IS NOT NULL;

-- Down Migration
DROP TABLE trips;
