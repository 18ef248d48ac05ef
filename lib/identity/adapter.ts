import { errors } from 'oidc-provider';
import type { Clients } from './clients';
import type { ModelPayload, ProviderModels } from './provider-store/types';

/**
 * oidc-provider's storage interface over the provider store (SQLite or PostgreSQL), so sessions, grants, codes and
 * tokens survive a restart and are shared by every instance on the same store. Clients are not stored here: the
 * `Client` model reads the `oidc_clients` table.
 *
 * `consume` is atomic (consumed only while not consumed yet). oidc-provider reads a refresh token or code, checks
 * that it is not consumed, then consumes it: two requests at the same moment (on two instances, or two requests in
 * one process) could both pass the check and both rotate. The one whose consume comes second gets `invalid_grant`
 * instead, so a refresh token rotates once and a code is redeemed once. Such a loser, having read the token before
 * the winner consumed it, does not revoke the grant; a request that reads the token after it was consumed is, for
 * the library, a replay, and it revokes the whole grant (the winner's new tokens with it), as it always has.
 * Confidential clients' refresh tokens rotate once 70 % of their life has passed (the library's default).
 */
export function oidcAdapter(models: ProviderModels, clients: Clients) {
  return class StoreAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: ModelPayload, expiresIn?: number) {
      await models.upsert(this.model, id, payload, expiresIn);
    }

    async find(id: string) {
      if (this.model === 'Client') return clients.find(id);
      return models.find(this.model, id);
    }

    async findByUserCode(userCode: string) {
      return models.findByUserCode(this.model, userCode);
    }

    async findByUid(uid: string) {
      return models.findByUid(this.model, uid);
    }

    async consume(id: string) {
      if (!(await models.consume(this.model, id))) throw new errors.InvalidGrant(`${this.model === 'RefreshToken' ? 'refresh token' : 'grant'} already used`);
    }

    async destroy(id: string) {
      await models.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string) {
      await models.revokeByGrantId(grantId);
    }
  };
}
