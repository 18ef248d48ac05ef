import type { PgCluster } from '@/lib/db/postgres/cluster';
import type { ModeratorStore, UserRow } from '../types';
import { USER } from './accounts';
import { insertAuditEvent } from './audit';

/** On the primary, like the rest of the directory: a moderator taken off stops at their next request. */
export class PostgresModerators implements ModeratorStore {
  constructor(private readonly cluster: PgCluster) {}

  async isModerator(userId: string): Promise<boolean> {
    const { rows } = await this.cluster.primary.query('SELECT 1 FROM identity_platform_moderators WHERE user_id = $1', [userId]);
    return rows.length === 1;
  }

  async set(userId: string, moderator: boolean, actor: string): Promise<boolean> {
    return this.cluster.transaction(async (db) => {
      const { rows } = await db.query<{ username: string }>('SELECT username FROM identity_users WHERE id = $1 FOR UPDATE', [userId]);
      if (!rows[0]) return false;
      const { rowCount } = moderator
        ? await db.query('INSERT INTO identity_platform_moderators (user_id, granted_at, granted_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, Date.now(), actor])
        : await db.query('DELETE FROM identity_platform_moderators WHERE user_id = $1', [userId]);
      if (rowCount) await insertAuditEvent(db, { actor, action: moderator ? 'moderator.granted' : 'moderator.revoked', subject: rows[0].username });
      return rowCount === 1;
    });
  }

  async list(): Promise<UserRow[]> {
    const { rows } = await this.cluster.primary.query<UserRow>(
      `SELECT ${USER} FROM identity_users WHERE id IN (SELECT user_id FROM identity_platform_moderators) ORDER BY lower(username)`,
    );
    return rows;
  }
}
