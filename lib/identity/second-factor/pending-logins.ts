import type { ProviderModels } from '../provider-store/types';

const MODEL = 'PendingLogin';

/**
 * Sign-ins whose password was right and that wait for the second factor, by interaction id, for 10 minutes at most.
 * They are kept beside the interaction in the provider store, so the second step may reach any instance. Only the
 * interaction's own browser reaches its id's second step: the interaction is bound to its signed cookie.
 */
export class PendingLogins {
  constructor(
    private readonly models: ProviderModels,
    private readonly ttlSeconds = 10 * 60,
  ) {}

  async add(uid: string, accountId: string): Promise<void> {
    await this.models.destroy(MODEL, uid);
    await this.models.upsert(MODEL, uid, { accountId }, this.ttlSeconds);
  }

  async accountOf(uid: string): Promise<string | undefined> {
    const entry = await this.models.find(MODEL, uid);
    return entry && !entry.consumed && typeof entry.accountId === 'string' ? entry.accountId : undefined;
  }

  finish(uid: string): Promise<void> {
    return this.models.destroy(MODEL, uid);
  }
}
