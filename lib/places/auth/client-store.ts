import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
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
}

interface Row {
  client_id: string;
  secret_key: string;
  name: string;
  organization_id: string | null;
  disabled: number;
  config: string;
  created_at: string;
  updated_at: string;
}

export const CLIENTS_FILE = 'places-clients.sqlite';

const newSecret = () => crypto.randomBytes(32).toString('base64url');
const newClientId = () => `pc_${crypto.randomBytes(10).toString('hex')}`;

/**
 * API clients and their account configuration. The HMAC scheme needs the secret key itself on the server, so it
 * is stored as is (not hashed): the file is created owner-only (0600), like the rest of DATA_DIR's secrets.
 */
export class ClientStore {
  private readonly db: Database.Database;
  private readonly s;
  private readonly parsed = new Map<string, { updated: string; config: AccountConfig }>();

  constructor(file: string) {
    const existed = fs.existsSync(file);
    this.db = new Database(file);
    if (!existed) fs.chmodSync(file, 0o600);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS api_clients (
      client_id TEXT PRIMARY KEY, secret_key TEXT NOT NULL, name TEXT NOT NULL, organization_id TEXT,
      disabled INTEGER NOT NULL DEFAULT 0, config TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    this.s = {
      get: this.db.prepare('SELECT * FROM api_clients WHERE client_id = ?'),
      list: this.db.prepare('SELECT * FROM api_clients ORDER BY created_at, client_id'),
      insert: this.db.prepare(
        'INSERT INTO api_clients (client_id, secret_key, name, organization_id, disabled, config, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?)',
      ),
      disable: this.db.prepare('UPDATE api_clients SET disabled = ?, updated_at = ? WHERE client_id = ?'),
      rotate: this.db.prepare('UPDATE api_clients SET secret_key = ?, updated_at = ? WHERE client_id = ?'),
      configure: this.db.prepare('UPDATE api_clients SET config = ?, updated_at = ? WHERE client_id = ?'),
      count: this.db.prepare('SELECT count(*) FROM api_clients').pluck(),
    };
  }

  private toClient(row: Row): ApiClientWithSecret {
    let cached = this.parsed.get(row.client_id);
    if (!cached || cached.updated !== row.updated_at) {
      cached = { updated: row.updated_at, config: accountConfigSchema.parse(JSON.parse(row.config)) };
      this.parsed.set(row.client_id, cached);
    }
    return {
      client_id: row.client_id,
      secret_key: row.secret_key,
      name: row.name,
      organization_id: row.organization_id,
      disabled: row.disabled === 1,
      config: cached.config,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  get(clientId: string): ApiClientWithSecret | null {
    const row = this.s.get.get(clientId) as Row | undefined;
    return row ? this.toClient(row) : null;
  }

  list(): ApiClient[] {
    return (this.s.list.all() as Row[]).map((r) => {
      const { secret_key: _secret, ...client } = this.toClient(r);
      return client;
    });
  }

  count(): number {
    return this.s.count.get() as number;
  }

  create(input: { name: string; organizationId?: string | null; config: AccountConfig }): ApiClientWithSecret {
    const config = accountConfigSchema.parse(input.config);
    const id = newClientId();
    const now = new Date().toISOString();
    this.s.insert.run(id, newSecret(), input.name, input.organizationId ?? null, JSON.stringify(config), now, now);
    return this.get(id)!;
  }

  setDisabled(clientId: string, disabled: boolean): boolean {
    return this.s.disable.run(disabled ? 1 : 0, new Date().toISOString(), clientId).changes === 1;
  }

  rotate(clientId: string): string | null {
    const secret = newSecret();
    return this.s.rotate.run(secret, new Date().toISOString(), clientId).changes === 1 ? secret : null;
  }

  configure(clientId: string, config: AccountConfig): boolean {
    const valid = accountConfigSchema.parse(config);
    return this.s.configure.run(JSON.stringify(valid), new Date().toISOString(), clientId).changes === 1;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
