// `npm run places:clients -- <command>`: manage Place API clients and their account configuration (in PostgreSQL
// when DATABASE_URL is set, as the server keeps them; else in DATA_DIR/places-clients.sqlite).
//   create --name NAME [--org ORG_ID] [--tags all|a,b] [--chains all|a,b] [--rv true|false] [--max-limit N] [--rate N]
//   list | disable CLIENT_ID | enable CLIENT_ID | rotate CLIENT_ID [--grace-hours N]
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { type AccountConfig, accountConfigSchema } from '@/lib/places/auth/account';
import { openApiClients } from '@/lib/places/auth/api-clients';
import { openDataDir } from '@/lib/core/data-dir';
import { SecretBox } from '@/lib/core/secret-box';
import { loadSecrets } from '@/lib/core/secrets';
import { commandLineActor } from '@/lib/identity/audit';
import { openIdentityDirectory } from '@/lib/identity/directory';

const USAGE = `usage: npm run places:clients -- <command>
  create --name <name> [--org <organization id>] [--rv true|false] [--max-limit 100] [--tags all|a,b] [--chains all|a,b] [--rate <per minute>]
  list
  disable <client_id>
  enable <client_id>
  rotate <client_id> [--grace-hours 24]    prints the new secret once
(docs/place-api.md)
`;

function parsedArguments() {
  try {
    return parseArgs({ options: OPTIONS, allowPositionals: true });
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n${USAGE}`);
    process.exit(1);
  }
}

const OPTIONS = {
  help: { type: 'boolean' },
  name: { type: 'string' },
  org: { type: 'string' },
  tags: { type: 'string', default: 'all' },
  chains: { type: 'string', default: 'all' },
  rv: { type: 'string', default: 'false' },
  'max-limit': { type: 'string', default: '100' },
  rate: { type: 'string' },
  'grace-hours': { type: 'string', default: '24' },
} as const;

const { values, positionals } = parsedArguments();
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

const list = (v: string) => (v === 'all' ? ('all' as const) : v.split(',').map((s) => s.trim()).filter(Boolean));
const config = loadConfig();
const dataDir = openDataDir(config.dataDir);
const [command, id] = positionals;
const actor = commandLineActor();

async function main() {
  const clients = await openApiClients(config, dataDir, new SecretBox(loadSecrets(dataDir).encryptionKeys));
  // The audit log lives with the identity directory (organizations, memberships), where administrators read it.
  const directory = await openIdentityDirectory(config, dataDir);
  const { audit } = directory;
  const recordFor = async (clientId: string, action: 'places_client.created' | 'places_client.rotated' | 'places_client.disabled' | 'places_client.enabled', details = {}) => {
    const c = await clients.get(clientId);
    await audit.record({ actor, organizationId: c?.organization_id ?? null, action, subject: c ? `${c.name} (${clientId})` : clientId, details });
  };

  try {
    switch (command) {
      case 'create': {
        if (!values.name) fail('create needs --name');
        const parsed = accountConfigSchema.safeParse({
          tags: list(values.tags!),
          chains: list(values.chains!),
          rv_service: values.rv === 'true',
          max_limit: Number(values['max-limit']),
          rate_limit_per_minute: values.rate ? Number(values.rate) : null,
        } satisfies Record<keyof AccountConfig, unknown>);
        if (!parsed.success) fail(`invalid account configuration: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
        const c = await clients.create({ name: values.name, organizationId: values.org ?? null, config: parsed.data });
        await recordFor(c.client_id, 'places_client.created', { config: parsed.data });
        process.stdout.write(`client_id:  ${c.client_id}\nsecret_key: ${c.secret_key}\n(the secret key is shown only now; rotate it if lost)\n`);
        break;
      }
      case 'list':
        for (const c of await clients.list()) {
          process.stdout.write(`${c.client_id}  ${c.disabled ? 'disabled' : 'enabled '}  ${c.organization_id ?? '-'}  ${c.name}  ${JSON.stringify(c.config)}\n`);
        }
        break;
      case 'disable':
      case 'enable':
        if (!id) fail(`${command} needs a client id`);
        if (!(await clients.setDisabled(id, command === 'disable'))) fail(`no client ${id}`);
        await recordFor(id, command === 'disable' ? 'places_client.disabled' : 'places_client.enabled');
        process.stdout.write(`${id} ${command}d\n`);
        break;
      case 'rotate': {
        if (!id) fail('rotate needs a client id');
        const graceHours = Number(values['grace-hours']);
        if (!Number.isFinite(graceHours) || graceHours < 0 || graceHours > 24 * 30) fail('--grace-hours takes a number of hours from 0 to 720');
        const secret = await clients.rotate(id, Math.round(graceHours * 3600));
        if (!secret) fail(`no client ${id}`);
        await recordFor(id, 'places_client.rotated', { previousKeyValidHours: graceHours });
        const old = graceHours > 0 ? `the old key keeps working for ${graceHours} h` : 'the old key stops working now';
        process.stdout.write(`secret_key: ${secret}\n(${old}; the new one is shown only once)\n`);
        break;
      }
      default:
        fail(`unknown command ${JSON.stringify(command ?? '')}\n${USAGE}`);
    }
  } finally {
    await clients.close();
    await directory.close();
  }
}

main().catch((err: Error) => fail(err.message));
