/**
 * Sign-ins whose password was right and that wait for the second factor, by interaction id: in memory for 10
 * minutes at most (a restart asks for the password again). Only the interaction's own browser reaches its id's
 * second step: the interaction is bound to its signed cookie.
 */
export class PendingLogins {
  private readonly pending = new Map<string, { accountId: string; expires: number }>();

  constructor(private readonly ttlMs = 10 * 60_000) {}

  add(uid: string, accountId: string): void {
    this.sweep();
    this.pending.set(uid, { accountId, expires: Date.now() + this.ttlMs });
  }

  accountOf(uid: string): string | undefined {
    const entry = this.pending.get(uid);
    if (!entry || entry.expires <= Date.now()) return undefined;
    return entry.accountId;
  }

  finish(uid: string): void {
    this.pending.delete(uid);
  }

  private sweep() {
    const now = Date.now();
    for (const [uid, entry] of this.pending) if (entry.expires <= now) this.pending.delete(uid);
  }
}
