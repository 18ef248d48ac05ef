-- Up Migration
-- Owners keep their places current (issue 53): organizations' claims on places, the one owner of a place, and
-- every edit of its listing with the fields before and after (the history, and what an undo restores).
CREATE TABLE place_claims (
  id text PRIMARY KEY,
  place_id bigint NOT NULL,
  organization_id text NOT NULL,
  organization_name text NOT NULL,
  requested_by_id text NOT NULL,
  requested_by_name text NOT NULL,
  requested_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'refused')),
  decided_at timestamptz,
  decided_by text,
  reason text
);
CREATE UNIQUE INDEX place_claims_pending ON place_claims (place_id, organization_id) WHERE status = 'pending';
CREATE INDEX place_claims_organization ON place_claims (organization_id, requested_at DESC);
CREATE INDEX place_claims_status ON place_claims (status, requested_at DESC);

CREATE TABLE place_owners (
  place_id bigint PRIMARY KEY,
  organization_id text NOT NULL,
  organization_name text NOT NULL,
  since timestamptz NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz,
  listing jsonb NOT NULL
);
CREATE INDEX place_owners_organization ON place_owners (organization_id, place_id);

CREATE TABLE listing_edits (
  id bigserial PRIMARY KEY,
  place_id bigint NOT NULL,
  organization_id text NOT NULL,
  author_id text NOT NULL,
  author_name text NOT NULL,
  at timestamptz NOT NULL,
  version integer NOT NULL,
  before jsonb NOT NULL,
  after jsonb NOT NULL,
  undoes bigint
);
CREATE INDEX listing_edits_place ON listing_edits (place_id, id DESC);

-- Down Migration
DROP TABLE listing_edits;
DROP TABLE place_owners;
DROP TABLE place_claims;
