import { publish, unpublish } from '@/lib/core/registry';
import { logger } from '@/lib/core/logger';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { buildProvider } from './build-provider';
import { composeIdentity } from './compose';
import { identityRoutes } from './identity-routes';
import { openIdentityStores } from './identity-stores';
import type { ProviderModels } from './provider-store';
import { IDENTITY_RUNTIME } from './runtime';
import type { AccountTokens } from './self-service/tokens';
import { followSigningKey } from './signing-rotation';

/** Deletes expired provider models and account tokens now and every hour; returns what stops it. */
function pruneHourly(models: ProviderModels, tokens: AccountTokens): () => void {
  const prune = () => {
    models.pruneExpired().catch((err: Error) => logger.warn('identity: pruning expired provider models failed', { error: err.message }));
    tokens.prune().catch((err: Error) => logger.warn('identity: pruning the account tokens failed', { error: err.message }));
  };
  prune();
  const pruning = setInterval(prune, 60 * 60_000);
  pruning.unref();
  return () => clearInterval(pruning);
}

/** The OpenID Connect provider under /identity, with its accounts store, pages' POST handlers and membership API. */
export async function createIdentitySubsystem(ctx: ServerContext): Promise<Subsystem> {
  const stores = await openIdentityStores(ctx);
  const { directory, providerStore } = stores;
  const signingKeys = await providerStore.keys.load();
  const deps = composeIdentity(ctx, stores, signingKeys);
  publish(IDENTITY_RUNTIME, deps);
  const stopFollowing = followSigningKey(providerStore.keys, signingKeys.keys[0].kid, async () => {
    const rotated = await providerStore.keys.load();
    deps.provider = buildProvider(ctx, stores, deps, rotated);
    return rotated.keys[0].kid;
  });
  const stopPruning = pruneHourly(providerStore.models, deps.tokens);
  let open = true;

  return {
    name: 'identity',
    handle: identityRoutes(deps),
    ready: () => open && directory.ready() && providerStore.health() === true,
    health: () => ({
      'identity.directory': directory.ready() ? true : `down: ${directory.describe()}`,
      'identity.provider': providerStore.health(),
    }),
    async close() {
      open = false;
      stopPruning();
      stopFollowing();
      deps.mailer.close();
      unpublish(IDENTITY_RUNTIME);
      await providerStore.close();
      await directory.close();
    },
  };
}
