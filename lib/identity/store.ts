import { openSqlite, type SqliteDb, type SqliteHandle, type SqliteSchema } from '@/lib/db/sqlite/database';

export type IdentityDb = SqliteDb;

export const IDENTITY_DB_FILE = 'identity.sqlite';

const ACCOUNTS_AND_PROVIDER_STATE = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  given_name TEXT NOT NULL,
  family_name TEXT NOT NULL,
  email_verified INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS roles (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS memberships (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  is_administrator INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, organization_id)
);
CREATE TABLE IF NOT EXISTS membership_roles (
  user_id TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, organization_id, role_id),
  FOREIGN KEY (user_id, organization_id) REFERENCES memberships(user_id, organization_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS oidc_clients (
  client_id TEXT PRIMARY KEY,
  metadata TEXT NOT NULL,
  about TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS oidc_models (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  grant_id TEXT,
  user_code TEXT,
  uid TEXT,
  expires_at INTEGER,
  consumed_at INTEGER,
  PRIMARY KEY (model, id)
);
CREATE INDEX IF NOT EXISTS oidc_models_grant ON oidc_models(grant_id);
CREATE INDEX IF NOT EXISTS oidc_models_uid ON oidc_models(model, uid);
CREATE INDEX IF NOT EXISTS oidc_models_user_code ON oidc_models(model, user_code);
CREATE INDEX IF NOT EXISTS oidc_models_expires ON oidc_models(expires_at);
CREATE TABLE IF NOT EXISTS audit_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  organization_id TEXT,
  action TEXT NOT NULL,
  subject TEXT NOT NULL,
  details TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_events_organization ON audit_events(organization_id, id);
CREATE TABLE IF NOT EXISTS account_tokens (
  hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  organization_id TEXT REFERENCES organizations(id) ON DELETE CASCADE,
  email TEXT,
  data TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS account_tokens_user ON account_tokens(user_id, kind);
CREATE INDEX IF NOT EXISTS account_tokens_organization ON account_tokens(organization_id, kind);
CREATE TABLE IF NOT EXISTS account_totp (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  confirmed_at INTEGER,
  last_step INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS account_passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX IF NOT EXISTS account_passkeys_user ON account_passkeys(user_id);
CREATE TABLE IF NOT EXISTS account_recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (user_id, hash)
);
`;

const PLATFORM_MODERATORS = `
CREATE TABLE platform_moderators (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  granted_at INTEGER NOT NULL,
  granted_by TEXT NOT NULL
);
`;

/** The identity file's numbered migrations; password hashes and client secrets make it readable by the server's user only. */
export const IDENTITY_SCHEMA: SqliteSchema = {
  name: 'identity',
  ownerOnly: true,
  foreignKeys: true,
  migrations: [
    { name: 'accounts_and_provider_state', up: (db) => db.exec(ACCOUNTS_AND_PROVIDER_STATE) },
    { name: 'platform_moderators', up: (db) => db.exec(PLATFORM_MODERATORS) },
  ],
};

/** The process's connection to the identity file (accounts, organizations, OIDC clients, the provider's state), shared by the directory and the provider store. */
export function openIdentityDb(file: string): SqliteHandle {
  return openSqlite(file, IDENTITY_SCHEMA);
}
