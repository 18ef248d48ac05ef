// The server without Next.js (`web: false`): the Place API, the identity server and /healthz, as a process of its
// own. The cross-instance tests start two of these on one PostgreSQL and one Redis.
import { loadConfig } from '@/lib/config/env';
import { createApp } from '@/lib/app/create-app';
import { logListening } from '@/lib/app/app-server';

async function main() {
  const app = await createApp(loadConfig(process.env), { web: false });
  logListening(app);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
