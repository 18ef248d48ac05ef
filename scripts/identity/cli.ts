import { loadConfig } from '@/lib/config/env';
import { CLI_USAGE, CliError, runIdentityCli } from '@/lib/identity/cli';

async function main() {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === 'help' || args.includes('--help')) {
    process.stdout.write(`${CLI_USAGE}\n`);
    return;
  }
  const config = loadConfig(process.env);
  process.stdout.write(`${await runIdentityCli(args, config.dataDir, config)}\n`);
}

main().catch((err) => {
  const message = err instanceof CliError || (err as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS') ? (err as Error).message : String(err);
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
});
