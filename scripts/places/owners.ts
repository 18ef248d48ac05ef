// `npm run places:owners -- <command>`: the operator's answers to organizations' claims on places, in the configured
// owner store (PostgreSQL with DATABASE_URL, else DATA_DIR/owners.sqlite), seen by every instance at once.
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { openDataDir } from '@/lib/core/data-dir';
import { commandLineActor } from '@/lib/identity/audit';
import { decideClaim } from '@/lib/owners/service';
import { openOwnerStore } from '@/lib/owners/store';
import type { Claim, OwnerStore } from '@/lib/owners/store/types';

const USAGE = `usage: npm run places:owners -- <command>
  claims [--all]                      the claims waiting for an answer (--all: answered ones too)
  approve <claim id>                  the organization keeps the place from now on
  refuse <claim id> --reason TEXT     the organization is shown the reason
  owners                              every place an organization keeps
  release <place id>                  the place has no owner any more (its history stays)
(docs/owners.md)
`;

class CliError extends Error {
  constructor(
    message: string,
    readonly status = 1,
  ) {
    super(message);
  }
}

const claimLine = (c: Claim) =>
  `${c.id}  place ${c.placeId}  ${c.organizationName} (${c.organizationId})  asked by ${c.requestedByName} on ${c.requestedAt}  ${c.status}` +
  (c.reason ? `: ${c.reason}` : '');

async function run(store: OwnerStore, command: string | undefined, arg: string | undefined, values: { all?: boolean; reason?: string }): Promise<string> {
  const deps = { store, now: () => new Date() };
  switch (command) {
    case 'claims': {
      const claims = await store.claims(values.all ? {} : { status: 'pending' });
      return claims.length ? claims.map(claimLine).join('\n') : values.all ? 'no claims' : 'no claims waiting';
    }
    case 'approve':
    case 'refuse': {
      if (!arg) throw new CliError(`${command} needs a claim id\n${USAGE}`, 2);
      const claim = await decideClaim(deps, arg, { approve: command === 'approve', by: commandLineActor(), reason: values.reason });
      return claimLine(claim);
    }
    case 'owners': {
      const owners = await store.allOwnerships();
      if (!owners.length) return 'no place has an owner';
      return owners.map((o) => `place ${o.placeId}  ${o.organizationName} (${o.organizationId})  since ${o.since}  version ${o.version}`).join('\n');
    }
    case 'release': {
      if (!arg || !/^[1-9]\d{0,14}$/.test(arg)) throw new CliError(`release needs a place id\n${USAGE}`, 2);
      if (!(await store.release(Number(arg)))) throw new CliError(`place ${arg} has no owner`);
      return `place ${arg} has no owner now`;
    }
    default:
      throw new CliError(`unknown command\n${USAGE}`, 2);
  }
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ options: { reason: { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n${USAGE}`, 2);
  }
  if (parsed.values.help) return process.stdout.write(USAGE);
  const [command, arg] = parsed.positionals;
  const config = loadConfig();
  const store = await openOwnerStore(config, openDataDir(config.dataDir));
  try {
    process.stdout.write(`${await run(store, command, arg, parsed.values)}\n`);
  } finally {
    await store.close();
  }
}

main().catch((err) => {
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exit(err instanceof CliError ? err.status : 1);
});
