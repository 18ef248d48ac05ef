-- Up Migration
-- The identity server's provider state (lib/identity/provider-store/postgres) and the Place API clients
-- (lib/places/auth/postgres), shared by every instance. Times are epoch seconds unless said otherwise.

-- oidc-provider's models (sessions, grants, codes, tokens, interactions): the adapter's one table. account_id is
-- copied from the payload so an account's sessions and grants are found without scanning the JSON.
CREATE TABLE oidc_models (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  account_id text,
  expires_at bigint,
  consumed_at bigint,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_uid ON oidc_models (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_user_code ON oidc_models (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_models_account ON oidc_models (account_id, model) WHERE account_id IS NOT NULL;
CREATE INDEX oidc_models_expires ON oidc_models (expires_at) WHERE expires_at IS NOT NULL;

-- Registered OIDC clients: oidc-provider metadata, the client secret sealed with SECRETS_ENCRYPTION_KEYS.
CREATE TABLE oidc_clients (
  client_id text PRIMARY KEY,
  metadata jsonb NOT NULL,
  about text,
  created_at bigint NOT NULL
);

-- The provider's signing keys: the public JWK in clear (it is published), the private one sealed with
-- SECRETS_ENCRYPTION_KEYS. The active key has retired_at NULL; retired keys stay published for a grace period.
CREATE TABLE identity_signing_keys (
  kid text PRIMARY KEY,
  public_jwk jsonb NOT NULL,
  sealed_private_jwk text NOT NULL,
  created_at bigint NOT NULL,
  retired_at bigint
);

-- Place API clients (HMAC keys sealed with SECRETS_ENCRYPTION_KEYS; the previous key valid until previous_expires_at).
CREATE TABLE places_api_clients (
  client_id text PRIMARY KEY,
  secret_key text NOT NULL,
  name text NOT NULL,
  organization_id text,
  disabled boolean NOT NULL DEFAULT false,
  config jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  previous_secret_key text,
  previous_expires_at timestamptz
);

-- Down Migration
DROP TABLE places_api_clients;
DROP TABLE identity_signing_keys;
DROP TABLE oidc_clients;
DROP TABLE oidc_models;
