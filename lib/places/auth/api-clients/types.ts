import type { AccountConfig } from '../account';
import type { ApiClient, ApiClientWithSecret } from '../client-store';

export type { ApiClient, ApiClientWithSecret };

/**
 * The Place API clients on the engine chosen at start-up: a SQLite file under DATA_DIR, or PostgreSQL (every
 * instance and `npm run places:clients` on the same table). `get` is on every signed request.
 */
export interface ApiClients {
  readonly engine: 'sqlite' | 'postgres';
  get(clientId: string): Promise<ApiClientWithSecret | null>;
  list(): Promise<ApiClient[]>;
  count(): Promise<number>;
  create(input: { name: string; organizationId?: string | null; config: AccountConfig }): Promise<ApiClientWithSecret>;
  setDisabled(clientId: string, disabled: boolean): Promise<boolean>;
  /** A new secret key; the previous one keeps signing valid requests for `graceSeconds` (0: it stops at once). */
  rotate(clientId: string, graceSeconds?: number): Promise<string | null>;
  configure(clientId: string, config: AccountConfig): Promise<boolean>;
  /** Runs `fn` while no other instance on the same store runs one of the same name (the demo clients). */
  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
