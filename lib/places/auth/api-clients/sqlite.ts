import type { SecretBox } from '@/lib/core/secret-box';
import { ClientStore } from '../client-store';
import type { ApiClients } from './types';

/** The SQLite file under DATA_DIR (one instance): each call reads the file, which every process sees at once. */
export function sqliteApiClients(file: string, box: SecretBox): ApiClients {
  const store = new ClientStore(file, box);
  return {
    engine: 'sqlite',
    get: async (clientId) => store.get(clientId),
    list: async () => store.list(),
    count: async () => store.count(),
    create: async (input) => store.create(input),
    setDisabled: async (clientId, disabled) => store.setDisabled(clientId, disabled),
    rotate: async (clientId, graceSeconds) => store.rotate(clientId, graceSeconds),
    configure: async (clientId, config) => store.configure(clientId, config),
    // One process owns the file: nothing to wait for.
    exclusively: (_name, fn) => fn(),
    close: async () => store.close(),
  };
}
