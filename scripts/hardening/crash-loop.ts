// `npm run test:faults [-- --rounds 20]`: SIGKILLs the server in the middle of writes, restarts it on the same data
// directory and checks that every acknowledged write is there and nothing half-written is; then starts it on
// missing, read-only and corrupt data directories and expects one clear line and a non-zero exit.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { dataDirFaults } from './support/data-dir-faults';
import { readCredentials, signedHeaders, type PlacesClient } from './support/fixtures';
import { ROOT, startServer } from './support/server-process';
import { basicAuth, tokenTraffic, type TokenAcks, type TokenClient } from './support/token-traffic';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
const ENTRY = 'scripts/hardening/support/crash-child.ts';
const env = { NODE_ENV: 'production', DEMO: 'true', PLACES_SEED_COUNT: '300' };

interface Writes {
  users: { started: string[]; acked: string[] };
  imports: { started: number[]; acked: number[] };
}

function recorder(writes: Writes) {
  return (line: string) => {
    const m = /^(start|ack) (user|import) (\S+)/.exec(line);
    if (!m) return;
    const [, phase, kind, key] = m;
    if (kind === 'user') writes.users[phase === 'ack' ? 'acked' : 'started'].push(key);
    else writes.imports[phase === 'ack' ? 'acked' : 'started'].push(Number(key));
  };
}

async function placeFound(baseUrl: string, client: PlacesClient, id: number): Promise<boolean> {
  const target = `/api/v2/canonical_places/${id}`;
  const res = await fetch(baseUrl + target, { headers: signedHeaders(target, client) });
  await res.arrayBuffer();
  if (res.status !== 200 && res.status !== 404) throw new Error(`place ${id}: ${res.status}`);
  return res.status === 200;
}

async function verify(baseUrl: string, dataDir: string, writes: Writes, tokens: TokenAcks, places: PlacesClient, client: TokenClient): Promise<string[]> {
  const problems: string[] = [];
  const db = new Database(path.join(dataDir, 'identity.sqlite'), { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`identity.sqlite integrity_check: ${integrity}`);
    const find = db.prepare('SELECT username, email, password_hash, given_name, family_name FROM users WHERE username = ?');
    for (const username of writes.users.started) {
      const row = find.get(username) as Record<string, string> | undefined;
      if (!row && writes.users.acked.includes(username)) problems.push(`acknowledged user ${username} is missing`);
      if (row && Object.values(row).some((v) => !v)) problems.push(`user ${username} is half-written: ${JSON.stringify(row)}`);
    }
  } finally {
    db.close();
  }

  for (const first of writes.imports.started) {
    let found = 0;
    for (let k = 0; k < 20; k++) if (await placeFound(baseUrl, places, first + k)) found++;
    const acked = writes.imports.acked.includes(first);
    if (acked && found !== 20) problems.push(`acknowledged import ${first} has ${found}/20 places`);
    if (!acked && found !== 0 && found !== 20) problems.push(`unacknowledged import ${first} is half there: ${found}/20 places`);
  }

  for (const token of tokens.accessTokens) {
    const res = await fetch(`${baseUrl}/identity/connect/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(client.clientId, client.clientSecret) },
      body: new URLSearchParams({ token }),
    });
    const body = (await res.json()) as { active?: boolean };
    if (!body.active) problems.push(`acknowledged access token ${token.slice(0, 8)}... is not active after restart`);
  }
  for (const refresh_token of tokens.refreshTokens.slice(-3)) {
    const res = await fetch(`${baseUrl}/identity/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(client.clientId, client.clientSecret) },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token }),
    });
    if (res.status !== 200) problems.push(`acknowledged refresh token no longer works after restart: ${res.status} ${await res.text()}`);
  }
  return problems;
}

async function main() {
  const dataDir = path.join(ROOT, '.data', 'crash-loop');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });

  console.log('first start: seeding the data directory ...');
  let server = await startServer({ dataDir, entry: ENTRY, env });
  const creds = readCredentials(dataDir);
  const places = creds.places_api_clients?.[0];
  const tester = creds.oidc_clients?.find((c) => c.client_id === 'oidc-test-client');
  const admin = creds.users?.find((u) => u.username === 'admin');
  if (!places || !tester || !admin) throw new Error('demo credentials incomplete');
  const client: TokenClient = { clientId: tester.client_id, clientSecret: tester.client_secret, username: admin.username, password: admin.password };

  // An existing place in the details form is a valid import record once it gets a new id.
  const sampleTarget = '/api/v2/search?locations=country:US&limit=1';
  const sample = (await (await fetch(server.url + sampleTarget, { headers: signedHeaders(sampleTarget, places) })).json()) as { data: { id: number }[] };
  const detailTarget = `/api/v2/canonical_places/${sample.data[0].id}`;
  const template = ((await (await fetch(server.url + detailTarget, { headers: signedHeaders(detailTarget, places) })).json()) as { data: Record<string, unknown> }).data;
  const templateFile = path.join(ROOT, '.data', 'crash-loop-template.json');
  fs.writeFileSync(templateFile, JSON.stringify(template));
  await server.stop();

  let failed = 0;
  for (let round = 1; round <= rounds; round++) {
    const writes: Writes = { users: { started: [], acked: [] }, imports: { started: [], acked: [] } };
    let killed = false;
    server = await startServer({ dataDir, entry: ENTRY, env: { ...env, CRASH_TEMPLATE: templateFile, CRASH_ROUND: String(round) }, onLine: recorder(writes) });
    const traffic = Promise.all([1, 2].map(() => tokenTraffic(server.url, client, () => killed))).then((all) => ({
      accessTokens: all.flatMap((t) => t.accessTokens),
      refreshTokens: all.flatMap((t) => t.refreshTokens),
    }));
    const killAfter = 300 + Math.floor(Math.random() * 3700);
    await new Promise((r) => setTimeout(r, killAfter));
    killed = true;
    await server.stop('SIGKILL');
    const tokens = await traffic;
    if (server.output().includes('error:')) throw new Error(`writer failed in round ${round}:\n${server.output()}`);

    server = await startServer({ dataDir, entry: ENTRY, env });
    const problems = await verify(server.url, dataDir, writes, tokens, places, client);
    const health = await fetch(`${server.url}/healthz`);
    if (health.status !== 200) problems.push(`/healthz ${health.status}`);
    await server.stop();

    const inFlight = writes.users.started.length - writes.users.acked.length + writes.imports.started.length - writes.imports.acked.length;
    console.log(
      `round ${String(round).padStart(2)}: SIGKILL after ${String(killAfter).padStart(4)} ms; acknowledged ${writes.users.acked.length} users, ` +
        `${writes.imports.acked.length} imports (x20 places), ${tokens.accessTokens.length} access + ${tokens.refreshTokens.length} refresh tokens; ` +
        `${inFlight} write(s) in flight; ${problems.length ? `FAILED\n  ${problems.join('\n  ')}` : 'all there, /healthz 200'}`,
    );
    if (problems.length) failed++;
  }
  console.log(`${rounds - failed}/${rounds} rounds clean`);

  console.log('bad data directories (server.ts must print one line and exit non-zero):');
  const faults = await dataDirFaults(path.join(ROOT, '.data', 'crash-loop-faults'), dataDir);
  for (const f of faults) console.log(`  ${f.ok ? 'ok  ' : 'FAIL'} ${f.name}: exit ${f.exitCode}; ${f.lines.length} line(s): ${f.lines.join(' | ').slice(0, 300)}`);
  process.exitCode = failed === 0 && faults.every((f) => f.ok) ? 0 : 1;
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
