-- Up Migration
-- The platform's moderators (issue 54): people the operators trust with travelers' reviews and photos, whatever
-- organizations they belong to.
CREATE TABLE identity_platform_moderators (
  user_id text PRIMARY KEY REFERENCES identity_users (id) ON DELETE CASCADE,
  granted_at bigint NOT NULL,
  granted_by text NOT NULL
);

-- Down Migration
DROP TABLE identity_platform_moderators;
