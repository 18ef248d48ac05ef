import type { Queryable } from '@/lib/db/postgres/cluster';
import type { SecretBox } from '@/lib/core/secret-box';
import { type Clients, type CreatedClient, listedMetadata, type ListedClient, type NewClient, newClient, openedMetadata, sealedMetadata } from '../../clients';

/** OIDC clients in the `oidc_clients` table of migration 0009; secrets sealed as in the SQLite file. */
export class PostgresClients implements Clients {
  private constructor(
    private readonly db: Queryable,
    private readonly box: SecretBox,
  ) {}

  static async open(db: Queryable, box: SecretBox): Promise<PostgresClients> {
    const clients = new PostgresClients(db, box);
    await clients.resealAll();
    return clients;
  }

  /** Reseals secrets sealed with a key no longer first (each row on its own: instances may do it together). */
  private async resealAll(): Promise<void> {
    const { rows } = await this.db.query<{ client_id: string; secret: string }>(
      `SELECT client_id, metadata->>'client_secret' AS secret FROM oidc_clients WHERE metadata ? 'client_secret'`,
    );
    for (const row of rows) {
      if (this.box.isCurrent(row.secret)) continue;
      await this.db.query(
        `UPDATE oidc_clients SET metadata = jsonb_set(metadata, '{client_secret}', to_jsonb($2::text)) WHERE client_id = $1 AND metadata->>'client_secret' = $3`,
        [row.client_id, this.box.reseal(row.secret), row.secret],
      );
    }
  }

  async find(clientId: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.query<{ metadata: Record<string, unknown> }>('SELECT metadata FROM oidc_clients WHERE client_id = $1', [clientId]);
    return rows[0] ? openedMetadata(rows[0].metadata, this.box) : undefined;
  }

  async create(input: NewClient): Promise<CreatedClient> {
    const created = newClient(input);
    await this.db.query('INSERT INTO oidc_clients (client_id, metadata, about, created_at) VALUES ($1, $2::jsonb, $3, $4)', [
      created.clientId,
      JSON.stringify(sealedMetadata(created.metadata, this.box)),
      input.about ?? null,
      Date.now(),
    ]);
    return created;
  }

  async list(): Promise<ListedClient[]> {
    const { rows } = await this.db.query<{ client_id: string; metadata: Record<string, unknown>; about: string | null }>(
      'SELECT client_id, metadata, about FROM oidc_clients ORDER BY created_at, client_id',
    );
    return rows.map((row) => ({ clientId: row.client_id, about: row.about, metadata: listedMetadata(row.metadata) }));
  }

  async remove(clientId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM oidc_clients WHERE client_id = $1', [clientId]);
    return rowCount === 1;
  }
}
