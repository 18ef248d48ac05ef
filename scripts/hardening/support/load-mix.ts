// The bounded mixed load of `npm run bench:load` and `npm run bench:cluster`: signed Place API searches and details,
// the Explorer's route handler, and client-credentials token requests.
import fs from 'node:fs';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { signedHeaders, type PlacesClient, type Sample } from './fixtures';

/** Share of CPU time stolen by the hypervisor since the call, from /proc/stat: a noisy-neighbour gauge. */
export function cpuSteal(): () => string {
  const read = () => {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: cpu.slice(0, 8).reduce((a, b) => a + b, 0), steal: cpu[7] ?? 0 };
  };
  const start = read();
  return () => {
    const end = read();
    return end.total > start.total ? (((end.steal - start.steal) / (end.total - start.total)) * 100).toFixed(1) : '0.0';
  };
}

export type Pick = () => RequestSpec;

const pickFrom = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const TAGS = ['', '&tags=restaurants', '&tags=campgrounds,!lodging', '&sort=relevance&name=park', '&sort=rating', '&min_fidelity=3'];

export function apiSearch(sample: Sample, client: PlacesClient, radii = [2_000, 10_000, 50_000, 200_000]): Pick {
  // A fixed pool of signed targets: signing per request would load the client, not the server.
  const pool = Array.from({ length: 500 }, () => {
    const [lon, lat] = pickFrom(sample.centers);
    const radius = pickFrom(radii);
    const target = `/api/v2/search?center=${lon.toFixed(4)},${lat.toFixed(4)}&radius=${radius}&limit=20${pickFrom(TAGS)}`;
    return { method: 'GET', path: target, headers: signedHeaders(target, client) };
  });
  return () => pickFrom(pool);
}

export function apiDetails(sample: Sample, client: PlacesClient): Pick {
  const pool = sample.ids.map((id) => {
    const target = `/api/v2/canonical_places/${id}`;
    return { method: 'GET', path: target, headers: signedHeaders(target, client) };
  });
  return () => pickFrom(pool);
}

export function explorerSearch(sample: Sample): Pick {
  return () => {
    const [lon, lat] = pickFrom(sample.centers);
    const radius = pickFrom([2_000, 10_000, 50_000]);
    return { method: 'GET', path: `/api/places/search?center=${lon.toFixed(4)},${lat.toFixed(4)}&radius=${radius}&limit=20` };
  };
}

export function tokenRequest(clientId: string, secret: string): Pick {
  const spec: RequestSpec = {
    method: 'POST',
    path: '/identity/connect/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  };
  return () => spec;
}

/** Weighted choice among request kinds. */
export function mix(parts: [number, Pick][]): Pick {
  const total = parts.reduce((s, [w]) => s + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [w, pick] of parts) if ((r -= w) < 0) return pick();
    return parts[parts.length - 1][1]();
  };
}

export async function run(url: string, pick: Pick, seconds: number, connections: number): Promise<Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, ...pick() }) }],
  });
}

export function summary(label: string, r: Result) {
  const statuses = Object.entries(r.statusCodeStats)
    .map(([s, { count }]) => `${s}:${count}`)
    .join(' ');
  const non2xxByStatus = Object.entries(r.statusCodeStats).filter(([s]) => !s.startsWith('2'));
  console.log(
    `${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  ` +
      `requests ${r.requests.total}  errors ${r.errors}  timeouts ${r.timeouts}  non-2xx ${r.non2xx}${non2xxByStatus.length ? ` (${non2xxByStatus.map(([s, { count }]) => `${s}:${count}`).join(' ')})` : ''}  [${statuses}]`,
  );
}

