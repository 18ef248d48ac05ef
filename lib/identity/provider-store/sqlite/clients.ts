import type { SecretBox } from '@/lib/core/secret-box';
import { type Clients, type CreatedClient, listedMetadata, type ListedClient, type NewClient, newClient, openedMetadata, sealedMetadata } from '../../clients';
import type { IdentityDb } from '../../store';

/** OIDC clients in the `oidc_clients` table of the identity SQLite file. */
export class SqliteClients implements Clients {
  constructor(
    private readonly db: IdentityDb,
    private readonly box: SecretBox,
  ) {
    this.resealAll();
  }

  /** Seals secrets stored in clear by an older version, and reseals those sealed with a key no longer first. */
  private resealAll(): void {
    const rows = this.db.prepare('SELECT client_id, metadata FROM oidc_clients').all() as { client_id: string; metadata: string }[];
    const update = this.db.prepare('UPDATE oidc_clients SET metadata = ? WHERE client_id = ?');
    this.db.transaction(() => {
      for (const row of rows) {
        const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
        if (typeof metadata.client_secret !== 'string' || this.box.isCurrent(metadata.client_secret)) continue;
        update.run(JSON.stringify({ ...metadata, client_secret: this.box.reseal(metadata.client_secret) }), row.client_id);
      }
    })();
  }

  async find(clientId: string): Promise<Record<string, unknown> | undefined> {
    const row = this.db.prepare('SELECT metadata FROM oidc_clients WHERE client_id = ?').get(clientId) as { metadata: string } | undefined;
    return row ? openedMetadata(JSON.parse(row.metadata) as Record<string, unknown>, this.box) : undefined;
  }

  async create(input: NewClient): Promise<CreatedClient> {
    const created = newClient(input);
    this.db
      .prepare('INSERT INTO oidc_clients (client_id, metadata, about, created_at) VALUES (?, ?, ?, ?)')
      .run(created.clientId, JSON.stringify(sealedMetadata(created.metadata, this.box)), input.about ?? null, Date.now());
    return created;
  }

  async list(): Promise<ListedClient[]> {
    const rows = this.db.prepare('SELECT client_id, metadata, about FROM oidc_clients ORDER BY created_at').all() as { client_id: string; metadata: string; about: string | null }[];
    return rows.map((row) => ({ clientId: row.client_id, about: row.about, metadata: listedMetadata(JSON.parse(row.metadata) as Record<string, unknown>) }));
  }

  async remove(clientId: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM oidc_clients WHERE client_id = ?').run(clientId).changes > 0;
  }
}
