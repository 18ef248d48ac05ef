import type { ProviderModels } from '../provider-store/types';

/**
 * Single-use WebAuthn challenges, kept in the provider store for a few minutes so that the options and the answer
 * of one ceremony may reach different instances. Of two answers to one challenge, one gets it.
 */
export class Challenges {
  private static readonly MODEL = 'PasskeyChallenge';

  constructor(
    private readonly models: ProviderModels,
    private readonly ttlSeconds: number,
  ) {}

  async remember(key: string, challenge: string): Promise<void> {
    // A new ceremony replaces the last one's challenge, used or not (an upsert keeps a row's consumed mark).
    await this.models.destroy(Challenges.MODEL, key);
    await this.models.upsert(Challenges.MODEL, key, { challenge }, this.ttlSeconds);
  }

  async take(key: string): Promise<string | undefined> {
    const entry = await this.models.find(Challenges.MODEL, key);
    if (!entry || entry.consumed || typeof entry.challenge !== 'string') return undefined;
    if (!(await this.models.consume(Challenges.MODEL, key))) return undefined;
    await this.models.destroy(Challenges.MODEL, key);
    return entry.challenge;
  }
}
