import crypto from 'node:crypto';
import { openSqlite, type SqliteDb, type SqliteSchema } from '@/lib/db/sqlite/database';
import type { SecretBox } from '@/lib/core/secret-box';
import { type AccountConfig, accountConfigSchema } from './account';

export interface ApiClient {
  client_id: string;
  name: string;
  organization_id: string | null;
  disabled: boolean;
  config: AccountConfig;
  created_at: string;
  updated_at: string;
}

export interface ApiClientWithSecret extends ApiClient {
  secret_key: string;
  /** The key before the last rotation, while its grace period lasts: both sign valid requests. */
  previous_secret_key: string | null;
}

/** A stored client as both engines read it: timestamps as ISO text, config as JSON text, disabled as 0/1. */
export interface ClientRow {
  client_id: string;
  secret_key: string;
  name: string;
  organization_id: string | null;
  disabled: number;
  config: string;
  created_at: string;
  updated_at: string;
  previous_secret_key: string | null;
  previous_expires_at: string | null;
}

type Row = ClientRow;

export const CLIENTS_FILE = 'places-clients.sqlite';

export const newSecret = () => crypto.randomBytes(32).toString('base64url');
export const newClientId = () => `pc_${crypto.randomBytes(10).toString('hex')}`;

/**
 * Turns stored rows into clients: the sealed keys opened and the config parsed once per change of the row (opening
 * costs an AES-GCM decryption, parsing a schema check: not per request).
 */
export class ClientRows {
  private readonly parsed = new Map<string, { stamp: string; config: AccountConfig; secret: string; previous: string | null }>();

  constructor(private readonly box: SecretBox) {}

  toClient(row: ClientRow): ApiClientWithSecret {
    // Sealed text is new at every seal (random IV), so it tells a change even within one millisecond.
    const stamp = `${row.updated_at} ${row.secret_key} ${row.previous_secret_key} ${row.config}`;
    let cached = this.parsed.get(row.client_id);
    if (!cached || cached.stamp !== stamp) {
      cached = {
        stamp,
        config: accountConfigSchema.parse(JSON.parse(row.config)),
        secret: this.box.open(row.secret_key),
        previous: row.previous_secret_key && this.box.open(row.previous_secret_key),
      };
      this.parsed.set(row.client_id, cached);
    }
    const previousValid = cached.previous !== null && row.previous_expires_at !== null && Date.parse(row.previous_expires_at) > Date.now();
    return {
      client_id: row.client_id,
      secret_key: cached.secret,
      previous_secret_key: previousValid ? cached.previous : null,
      name: row.name,
      organization_id: row.organization_id,
      disabled: row.disabled === 1,
      config: cached.config,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  forget(clientId: string): void {
    this.parsed.delete(clientId);
  }
}

/** A client as listed: without its keys. */
export function withoutKeys(client: ApiClientWithSecret): ApiClient {
  const { secret_key: _secret, previous_secret_key: _previous, ...rest } = client;
  return rest;
}

/** The clients file's numbered migrations; owner-only: it holds the sealed secret keys. */
export const API_CLIENTS_SCHEMA: SqliteSchema = {
  name: 'Place API clients',
  ownerOnly: true,
  migrations: [
    {
      name: 'api_clients',
      up: (db) =>
        db.exec(`CREATE TABLE IF NOT EXISTS api_clients (
          client_id TEXT PRIMARY KEY, secret_key TEXT NOT NULL, name TEXT NOT NULL, organization_id TEXT,
          disabled INTEGER NOT NULL DEFAULT 0, config TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`),
    },
    {
      // Files made before numbered migrations may already have them.
      name: 'previous_secret_key',
      up: (db) => {
        const columns = (db.prepare('PRAGMA table_info(api_clients)').all() as { name: string }[]).map((c) => c.name);
        if (!columns.includes('previous_secret_key')) db.exec('ALTER TABLE api_clients ADD COLUMN previous_secret_key TEXT');
        if (!columns.includes('previous_expires_at')) db.exec('ALTER TABLE api_clients ADD COLUMN previous_expires_at TEXT');
      },
    },
  ],
};

/**
 * API clients and their account configuration. The HMAC scheme needs the secret key itself on the server, so it
 * cannot be hashed: it is sealed with the server's encryption key (SECRETS_ENCRYPTION_KEYS), and the file is
 * owner-only (0600). A rotation may keep the previous key valid for a grace period, so clients switch without
 * downtime.
 */
export class ClientStore {
  private readonly db: SqliteDb;
  private readonly release: () => void;
  private readonly s;
  private readonly rows: ClientRows;

  constructor(
    file: string,
    private readonly box: SecretBox,
  ) {
    this.rows = new ClientRows(box);
    const { db, release } = openSqlite(file, API_CLIENTS_SCHEMA);
    this.db = db;
    this.release = release;
    this.s = {
      get: this.db.prepare('SELECT * FROM api_clients WHERE client_id = ?'),
      list: this.db.prepare('SELECT * FROM api_clients ORDER BY created_at, client_id'),
      insert: this.db.prepare(
        'INSERT INTO api_clients (client_id, secret_key, name, organization_id, disabled, config, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?)',
      ),
      disable: this.db.prepare('UPDATE api_clients SET disabled = ?, updated_at = ? WHERE client_id = ?'),
      rotate: this.db.prepare(
        'UPDATE api_clients SET previous_secret_key = secret_key, previous_expires_at = ?, secret_key = ?, updated_at = ? WHERE client_id = ?',
      ),
      reseal: this.db.prepare('UPDATE api_clients SET secret_key = ?, previous_secret_key = ? WHERE client_id = ?'),
      configure: this.db.prepare('UPDATE api_clients SET config = ?, updated_at = ? WHERE client_id = ?'),
      count: this.db.prepare('SELECT count(*) FROM api_clients').pluck(),
    };
    this.resealAll();
  }

  /** Seals keys stored in clear by an older version, and reseals those sealed with a key no longer first. */
  private resealAll(): void {
    const stale = (this.s.list.all() as Row[]).filter(
      (r) => !this.box.isCurrent(r.secret_key) || (r.previous_secret_key !== null && !this.box.isCurrent(r.previous_secret_key)),
    );
    this.db.transaction(() => {
      for (const r of stale) {
        this.s.reseal.run(this.box.reseal(r.secret_key), r.previous_secret_key && this.box.reseal(r.previous_secret_key), r.client_id);
      }
    })();
  }

  private toClient(row: Row): ApiClientWithSecret {
    return this.rows.toClient(row);
  }

  get(clientId: string): ApiClientWithSecret | null {
    const row = this.s.get.get(clientId) as Row | undefined;
    return row ? this.toClient(row) : null;
  }

  list(): ApiClient[] {
    return (this.s.list.all() as Row[]).map((r) => withoutKeys(this.toClient(r)));
  }

  count(): number {
    return this.s.count.get() as number;
  }

  create(input: { name: string; organizationId?: string | null; config: AccountConfig }): ApiClientWithSecret {
    const config = accountConfigSchema.parse(input.config);
    const id = newClientId();
    const now = new Date().toISOString();
    this.s.insert.run(id, this.box.seal(newSecret()), input.name, input.organizationId ?? null, JSON.stringify(config), now, now);
    return this.get(id)!;
  }

  setDisabled(clientId: string, disabled: boolean): boolean {
    return this.s.disable.run(disabled ? 1 : 0, new Date().toISOString(), clientId).changes === 1;
  }

  /** A new secret key; the previous one keeps signing valid requests for `graceSeconds` (0: it stops at once). */
  rotate(clientId: string, graceSeconds = 0): string | null {
    const secret = newSecret();
    const now = Date.now();
    const previousExpires = new Date(now + graceSeconds * 1000).toISOString();
    return this.s.rotate.run(previousExpires, this.box.seal(secret), new Date(now).toISOString(), clientId).changes === 1 ? secret : null;
  }

  configure(clientId: string, config: AccountConfig): boolean {
    const valid = accountConfigSchema.parse(config);
    return this.s.configure.run(JSON.stringify(valid), new Date().toISOString(), clientId).changes === 1;
  }

  close(): void {
    if (this.db.open) this.release();
  }
}
