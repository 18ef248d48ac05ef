import { ConfigError, loadConfig } from '@/lib/config/env';
import { createApp } from '@/lib/app/create-app';
import { logListening } from '@/lib/app/app-server';
import { commandLineFlags } from '@/lib/config/flags';
import { DataDirError } from '@/lib/core/data-dir';
import { logger } from '@/lib/core/logger';

const flags = commandLineFlags(process.argv, process.env);

async function main() {
  const config = loadConfig(process.env, flags);
  const env = process.env as Record<string, string | undefined>;
  if (config.mode !== 'test') env.NODE_ENV = config.mode;
  env.NEXT_TELEMETRY_DISABLED = '1';

  const app = await createApp(config, { announce: true });
  logListening(app);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirError) {
    process.stderr.write(`error: ${err.message}\n`);
  } else {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.DEBUG) process.stderr.write(String((err as Error)?.stack) + '\n');
  }
  process.exit(1);
});
