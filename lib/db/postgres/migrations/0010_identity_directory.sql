-- Up Migration
-- The identity directory (lib/identity/directory): accounts, organizations, roles, memberships, the audit log, the
-- single-use tokens of e-mailed links and the second factors. Ids are the application's (user-…, org-…, role-…),
-- as in the SQLite file; times are epoch milliseconds. Usernames and e-mail addresses are unique whatever their case
-- (unique indexes on lower(), which the lookups use), as SQLite's COLLATE NOCASE made them.
CREATE TABLE identity_users (
  id text PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  given_name text NOT NULL,
  family_name text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX identity_users_username ON identity_users (lower(username));
CREATE UNIQUE INDEX identity_users_email ON identity_users (lower(email));

CREATE TABLE identity_organizations (
  id text PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE identity_roles (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES identity_organizations (id) ON DELETE CASCADE,
  name text NOT NULL
);
CREATE INDEX identity_roles_organization ON identity_roles (organization_id);

CREATE TABLE identity_memberships (
  user_id text NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
  organization_id text NOT NULL REFERENCES identity_organizations (id) ON DELETE CASCADE,
  is_administrator boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, organization_id)
);
CREATE INDEX identity_memberships_organization ON identity_memberships (organization_id);

CREATE TABLE identity_membership_roles (
  user_id text NOT NULL,
  organization_id text NOT NULL,
  role_id text NOT NULL REFERENCES identity_roles (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, organization_id, role_id),
  FOREIGN KEY (user_id, organization_id) REFERENCES identity_memberships (user_id, organization_id) ON DELETE CASCADE
);

-- Never updated or deleted by the application; organization_id is kept after an organization goes.
CREATE TABLE identity_audit_events (
  id bigserial PRIMARY KEY,
  at bigint NOT NULL,
  actor text NOT NULL,
  organization_id text,
  action text NOT NULL,
  subject text NOT NULL,
  details jsonb NOT NULL
);
CREATE INDEX identity_audit_events_organization ON identity_audit_events (organization_id, id);

-- Only the SHA-256 of a link's token is stored.
CREATE TABLE identity_account_tokens (
  hash text PRIMARY KEY,
  kind text NOT NULL,
  user_id text REFERENCES identity_users (id) ON DELETE CASCADE,
  organization_id text REFERENCES identity_organizations (id) ON DELETE CASCADE,
  email text,
  data text NOT NULL DEFAULT '{}',
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX identity_account_tokens_user ON identity_account_tokens (user_id, kind);
CREATE INDEX identity_account_tokens_organization ON identity_account_tokens (organization_id, kind);
CREATE INDEX identity_account_tokens_expires ON identity_account_tokens (expires_at);

-- The secret is sealed with SECRETS_ENCRYPTION_KEYS; last_step makes each code single use.
CREATE TABLE identity_account_totp (
  user_id text PRIMARY KEY REFERENCES identity_users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at bigint,
  last_step bigint NOT NULL DEFAULT 0
);

CREATE TABLE identity_account_recovery_codes (
  user_id text NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
  hash text NOT NULL,
  used_at bigint,
  PRIMARY KEY (user_id, hash)
);

CREATE TABLE identity_account_passkeys (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  name text NOT NULL,
  created_at bigint NOT NULL,
  last_used_at bigint
);
CREATE INDEX identity_account_passkeys_user ON identity_account_passkeys (user_id);

-- Down Migration
DROP TABLE identity_account_passkeys;
DROP TABLE identity_account_recovery_codes;
DROP TABLE identity_account_totp;
DROP TABLE identity_account_tokens;
DROP TABLE identity_audit_events;
DROP TABLE identity_membership_roles;
DROP TABLE identity_memberships;
DROP TABLE identity_roles;
DROP TABLE identity_organizations;
DROP TABLE identity_users;
