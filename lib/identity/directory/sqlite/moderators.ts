import type { IdentityDb } from '../../store';
import type { ModeratorStore, UserRow } from '../types';
import type { SqliteAuditLog } from './audit';

export class SqliteModerators implements ModeratorStore {
  constructor(
    private readonly db: IdentityDb,
    private readonly audit: SqliteAuditLog,
  ) {}

  async isModerator(userId: string): Promise<boolean> {
    return this.db.prepare('SELECT 1 FROM platform_moderators WHERE user_id = ?').get(userId) !== undefined;
  }

  async set(userId: string, moderator: boolean, actor: string): Promise<boolean> {
    return this.db.transaction(() => {
      const user = this.db.prepare('SELECT username FROM users WHERE id = ?').get(userId) as { username: string } | undefined;
      if (!user) return false;
      const changed = moderator
        ? this.db.prepare('INSERT INTO platform_moderators (user_id, granted_at, granted_by) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, Date.now(), actor).changes
        : this.db.prepare('DELETE FROM platform_moderators WHERE user_id = ?').run(userId).changes;
      if (changed) this.audit.recordNow({ actor, action: moderator ? 'moderator.granted' : 'moderator.revoked', subject: user.username });
      return changed === 1;
    })();
  }

  async list(): Promise<UserRow[]> {
    return this.db.prepare('SELECT users.* FROM users JOIN platform_moderators ON platform_moderators.user_id = users.id ORDER BY username').all() as UserRow[];
  }
}
