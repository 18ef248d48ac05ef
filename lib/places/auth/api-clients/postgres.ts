import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import type { PgCluster } from '@/lib/db/postgres/cluster';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import type { SecretBox } from '@/lib/core/secret-box';
import { type AccountConfig, accountConfigSchema } from '../account';
import { type ApiClientWithSecret, type ClientRow, ClientRows, newClientId, newSecret, withoutKeys } from '../client-store';
import type { ApiClients } from './types';

/**
 * How long an instance answers a client from memory before reading its row again: a rotation, a revocation (the
 * previous key's grace ending early) or a disabling made on another instance or by `npm run places:clients` is
 * honoured everywhere within this time. Changes made through this instance are seen at once.
 */
export const CLIENT_CACHE_TTL_MS = 5_000;
/** Unknown client ids are remembered too (a flood of made-up ids costs one query each per TTL), up to this many entries. */
const MAX_CACHED = 10_000;

const COLUMNS = `client_id, secret_key, name, organization_id, disabled::int AS disabled, config::text AS config,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
  previous_secret_key,
  to_char(previous_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS previous_expires_at`;

export interface PostgresApiClientsOptions extends DatabaseOptions {
  cacheTtlMs?: number;
  /** The clock of the cache's time to live; Date.now by default (tests pass one they move). */
  now?: () => number;
}

/** The Place API clients in `places_api_clients` (migration 0009), keys sealed as in the SQLite file. */
export class PostgresApiClients implements ApiClients {
  readonly engine = 'postgres';
  private readonly rows: ClientRows;
  private readonly cache = new Map<string, { at: number; row: ClientRow | null }>();
  private readonly loading = new Map<string, Promise<ClientRow | null>>();
  private readonly ttlMs: number;

  private constructor(
    private readonly cluster: PgCluster,
    private readonly release: () => Promise<void>,
    private readonly box: SecretBox,
    ttlMs: number,
    private readonly now: () => number,
  ) {
    this.rows = new ClientRows(box);
    this.ttlMs = ttlMs;
  }

  static async open(options: PostgresApiClientsOptions, box: SecretBox): Promise<PostgresApiClients> {
    const { cluster, release } = await openDatabase(options);
    try {
      const clients = new PostgresApiClients(cluster, release, box, options.cacheTtlMs ?? CLIENT_CACHE_TTL_MS, options.now ?? Date.now);
      await clients.resealAll();
      return clients;
    } catch (err) {
      await release();
      throw err;
    }
  }

  private get db() {
    return this.cluster.primary;
  }

  /** Reseals keys sealed with a key no longer first; each row only if unchanged since read (instances may race). */
  private async resealAll(): Promise<void> {
    const { rows } = await this.db.query<ClientRow>(`SELECT ${COLUMNS} FROM places_api_clients`);
    for (const r of rows) {
      if (this.box.isCurrent(r.secret_key) && (r.previous_secret_key === null || this.box.isCurrent(r.previous_secret_key))) continue;
      await this.db.query(
        `UPDATE places_api_clients SET secret_key = $2, previous_secret_key = $3
          WHERE client_id = $1 AND secret_key = $4 AND previous_secret_key IS NOT DISTINCT FROM $5`,
        [r.client_id, this.box.reseal(r.secret_key), r.previous_secret_key && this.box.reseal(r.previous_secret_key), r.secret_key, r.previous_secret_key],
      );
    }
  }

  private async readRow(clientId: string): Promise<ClientRow | null> {
    const { rows } = await this.db.query<ClientRow>(`SELECT ${COLUMNS} FROM places_api_clients WHERE client_id = $1`, [clientId]);
    return rows[0] ?? null;
  }

  private async row(clientId: string): Promise<ClientRow | null> {
    const hit = this.cache.get(clientId);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.row;
    let pending = this.loading.get(clientId);
    if (!pending) {
      // One query per client per TTL however many requests arrive together.
      pending = this.readRow(clientId)
        .then((row) => {
          if (this.cache.size >= MAX_CACHED) this.cache.clear();
          this.cache.set(clientId, { at: this.now(), row });
          if (!row) this.rows.forget(clientId);
          return row;
        })
        .finally(() => this.loading.delete(clientId));
      this.loading.set(clientId, pending);
    }
    return pending;
  }

  private changed(clientId: string): void {
    this.cache.delete(clientId);
  }

  async get(clientId: string): Promise<ApiClientWithSecret | null> {
    const row = await this.row(clientId);
    return row ? this.rows.toClient(row) : null;
  }

  async list() {
    const { rows } = await this.db.query<ClientRow>(`SELECT ${COLUMNS} FROM places_api_clients ORDER BY created_at, client_id`);
    return rows.map((r) => withoutKeys(this.rows.toClient(r)));
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*) AS n FROM places_api_clients');
    return rows[0].n;
  }

  async create(input: { name: string; organizationId?: string | null; config: AccountConfig }): Promise<ApiClientWithSecret> {
    const config = accountConfigSchema.parse(input.config);
    const id = newClientId();
    await this.db.query(
      `INSERT INTO places_api_clients (client_id, secret_key, name, organization_id, disabled, config, created_at, updated_at)
       VALUES ($1, $2, $3, $4, false, $5::jsonb, now(), now())`,
      [id, this.box.seal(newSecret()), input.name, input.organizationId ?? null, JSON.stringify(config)],
    );
    this.changed(id);
    return (await this.get(id))!;
  }

  async setDisabled(clientId: string, disabled: boolean): Promise<boolean> {
    const { rowCount } = await this.db.query('UPDATE places_api_clients SET disabled = $2, updated_at = now() WHERE client_id = $1', [clientId, disabled]);
    this.changed(clientId);
    return rowCount === 1;
  }

  async rotate(clientId: string, graceSeconds = 0): Promise<string | null> {
    const secret = newSecret();
    const { rowCount } = await this.db.query(
      `UPDATE places_api_clients SET previous_secret_key = secret_key, previous_expires_at = now() + make_interval(secs => $2),
         secret_key = $3, updated_at = now() WHERE client_id = $1`,
      [clientId, graceSeconds, this.box.seal(secret)],
    );
    this.changed(clientId);
    return rowCount === 1 ? secret : null;
  }

  async configure(clientId: string, config: AccountConfig): Promise<boolean> {
    const valid = accountConfigSchema.parse(config);
    const { rowCount } = await this.db.query('UPDATE places_api_clients SET config = $2::jsonb, updated_at = now() WHERE client_id = $1', [clientId, JSON.stringify(valid)]);
    this.changed(clientId);
    return rowCount === 1;
  }

  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.cluster.primary, `trip-explorer:places-clients:${name}`, fn);
  }

  async close(): Promise<void> {
    await this.release();
  }
}
