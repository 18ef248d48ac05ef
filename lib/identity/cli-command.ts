import { parseArgs } from 'node:util';
import type { IdentityDirectory } from './directory/types';
import type { ProviderStore } from './provider-store';

export class CliError extends Error {}

const OPTIONS = {
  username: { type: 'string' },
  email: { type: 'string' },
  'given-name': { type: 'string' },
  'family-name': { type: 'string' },
  password: { type: 'string' },
  verified: { type: 'boolean' },
  name: { type: 'string' },
  id: { type: 'string' },
  org: { type: 'string' },
  user: { type: 'string' },
  admin: { type: 'boolean' },
  role: { type: 'string', multiple: true },
  grant: { type: 'string', multiple: true },
  'response-type': { type: 'string', multiple: true },
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'auth-method': { type: 'string' },
  'jwks-file': { type: 'string' },
  'backchannel-logout-uri': { type: 'string' },
  'frontchannel-logout-uri': { type: 'string' },
  scope: { type: 'string' },
  'first-party': { type: 'boolean' },
} as const;

export function parseCommandLine(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

export type CliOptions = ReturnType<typeof parseCommandLine>['values'];

/** The identity stores a command works on, open for the command. */
export interface CliStores {
  providerStore: ProviderStore;
  directory: IdentityDirectory;
}

/** What a command of the identity CLI runs with: the stores, its options, its subject (`users set-password U`) and who runs it. */
export interface CliCommand extends CliStores {
  o: CliOptions;
  subject: string | undefined;
  actor: string;
}

export function need<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === '') throw new CliError(`missing --${flag}`);
  return value;
}

/** A command: what it prints. */
export type CliRun = (command: CliCommand) => Promise<string>;
