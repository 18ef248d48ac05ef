import type { Clients } from '../clients';
import type { PrivateJwk, PublicJwk } from '../keys';

/** What oidc-provider hands its adapter: the model's payload, with the fields the adapter indexes. */
export type ModelPayload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; accountId?: string; consumed?: number };

/**
 * oidc-provider's models (sessions, grants, codes, tokens, interactions) on one table, keyed by (model, id). The
 * adapter (../adapter.ts) turns this into the class oidc-provider expects.
 */
export interface ProviderModels {
  upsert(model: string, id: string, payload: ModelPayload, expiresIn?: number): Promise<void>;
  /** Undefined once expired; `consumed` (epoch seconds) set when it was consumed. */
  find(model: string, id: string): Promise<ModelPayload | undefined>;
  findByUid(model: string, uid: string): Promise<ModelPayload | undefined>;
  findByUserCode(model: string, userCode: string): Promise<ModelPayload | undefined>;
  /**
   * Marks the model consumed, atomically: true for the one call that did it, false when it was consumed already
   * (another request, maybe on another instance, got there first) or is gone.
   */
  consume(model: string, id: string): Promise<boolean>;
  destroy(model: string, id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
  /** Removes expired rows; the provider never asks for them again. */
  pruneExpired(): Promise<number>;
  /** The account's live models of one kind (its sessions, its grants), by their payload's `accountId`. */
  ofAccount(model: string, accountId: string): Promise<{ id: string; payload: ModelPayload }[]>;
  /** Deletes the account's models of these kinds, except the session `keepSessionId`; how many went. */
  destroyOfAccount(accountId: string, models: string[], keepSessionId?: string): Promise<number>;
}

/** The provider's signing keys, shared by whoever opens the same store. */
export interface SigningKeys {
  /** The private JWKS for the provider: the active key first (it signs), retired keys after it. Generates the first key once. */
  load(): Promise<{ keys: PrivateJwk[] }>;
  /** The public keys to publish now: the active key and the retired keys still in their grace period. */
  published(): Promise<PublicJwk[]>;
  /** Puts a new key in front; the previous one is retired and stays published for the grace period. */
  rotate(): Promise<{ kid: string; retired: string[] }>;
  /** The key that signs now and when it was made (epoch seconds), read without a lock; undefined before the first. */
  active(): Promise<{ kid: string; createdAt: number } | undefined>;
}

/** The identity server's provider state on one engine, chosen at start-up. */
export interface ProviderStore {
  readonly engine: 'sqlite' | 'postgres';
  readonly models: ProviderModels;
  readonly clients: Clients;
  readonly keys: SigningKeys;
  /** True while its database answers, else what is wrong: feeds /healthz. */
  health(): true | string;
  close(): Promise<void>;
}
