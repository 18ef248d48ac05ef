// The server without Next (`web: false`) plus, when CRASH_TEMPLATE is set, a writer that creates users and imports
// places through the same stores the CLIs use, printing "ack ..." only after each write has committed. The
// crash-loop script SIGKILLs this process at a random moment.
import fs from 'node:fs';
import { loadConfig } from '@/lib/config/env';
import { openIdentityDirectory } from '@/lib/identity/directory';
import { importPlaces } from '@/lib/places/importer';
import { isoDate } from '@/lib/places/status';
import { openPlaceStore } from '@/lib/places/store';
import { createApp } from '@/lib/app/create-app';
import { logListening } from '@/lib/app/app-server';

const say = (line: string) => fs.writeSync(1, `${line}\n`);

async function writer(dataDir: string, round: number, template: Record<string, unknown>) {
  const { accounts } = await openIdentityDirectory(loadConfig(process.env), { file: (name) => `${dataDir}/${name}` });
  const places = await openPlaceStore(loadConfig(process.env), { file: (name) => `${dataDir}/${name}` });
  for (let n = 0; ; n++) {
    const username = `crash-${round}-${n}`;
    say(`start user ${username}`);
    await accounts.createUser({ username, email: `${username}@example.com`, password: `pw-${username}-0123456789`, givenName: 'Crash', familyName: `Round ${round}` });
    say(`ack user ${username}`);

    const first = 900_000_000 + round * 10_000 + n * 20;
    const ndjson = Array.from({ length: 20 }, (_, k) => JSON.stringify({ ...template, id: first + k, previous_ids: [], name: `Crash import ${first + k}` })).join('\n');
    say(`start import ${first} 20`);
    const result = await importPlaces(places, ndjson, isoDate(new Date()));
    if (result.errors.length) throw new Error(`import refused: ${JSON.stringify(result.errors[0])}`);
    say(`ack import ${first} 20`);
    await new Promise((r) => setImmediate(r));
  }
}

async function main() {
  const config = loadConfig(process.env);
  logListening(await createApp(config, { web: false }));
  const templateFile = process.env.CRASH_TEMPLATE;
  if (templateFile) await writer(config.dataDir, Number(process.env.CRASH_ROUND ?? 0), JSON.parse(fs.readFileSync(templateFile, 'utf8')));
}

main().catch((err) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
