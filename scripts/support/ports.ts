// Ports for the programs that cannot bind port 0 and say which port they got (PostgreSQL, Redis, nginx). A port
// taken from the kernel's ephemeral range and handed over later races every outgoing connection and every other
// program's listen(0) on the machine; so these take a random port below that range, and start again on another when
// the one they tried is taken. A server of our own binds port 0 itself and reports what it got.
import fs from 'node:fs';

/** The kernel's range for outgoing connections and listen(0): Linux's default unless /proc says otherwise. */
export function ephemeralRange(file = '/proc/sys/net/ipv4/ip_local_port_range'): [number, number] {
  try {
    const [low, high] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low > 0 && high >= low) return [low, high];
  } catch {
    // Not Linux, or /proc not mounted.
  }
  return [32768, 60999];
}

/** The range the throwaway servers draw from: well above the usual services (5432, 6379, 8080) and below the ephemeral range. */
export function throwawayRange(ephemeral = ephemeralRange()): [number, number] {
  const high = Math.min(32767, ephemeral[0] - 1);
  const low = 20000;
  // A kernel whose ephemeral range starts low leaves nothing outside it: take the ports above it instead, and rely on the retries.
  return high - low >= 1000 ? [low, high] : [Math.max(ephemeral[1] + 1, 61000), 65535];
}

/** Distinct random ports from the throwaway range, as many as asked. */
export function* randomPorts(count: number, [low, high] = throwawayRange()): Generator<number> {
  const tried = new Set<number>();
  while (tried.size < Math.min(count, high - low + 1)) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (tried.has(port)) continue;
    tried.add(port);
    yield port;
  }
}

/** What a start function throws when its port was taken by another program: the next port is tried. */
export class PortTakenError extends Error {
  constructor(readonly port: number, detail = 'address already in use') {
    super(`port ${port}: ${detail}`);
  }
}

/** True for Node's own EADDRINUSE and for a PortTakenError. */
export function isPortTaken(err: unknown): boolean {
  return err instanceof PortTakenError || (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}

export const DEFAULT_PORT_TRIES = 10;

/**
 * Starts `what` on one port after another until a start succeeds: `start` throws a PortTakenError (or EADDRINUSE)
 * when the port was taken, and anything else to stop at once. After `tries` taken ports, one error names them all.
 */
export async function startOnSomePort<T>(
  what: string,
  start: (port: number) => Promise<T> | T,
  options: { ports?: Iterable<number>; tries?: number } = {},
): Promise<T> {
  const tries = options.tries ?? DEFAULT_PORT_TRIES;
  const taken: number[] = [];
  for (const port of options.ports ?? randomPorts(tries)) {
    if (taken.length >= tries) break;
    try {
      return await start(port);
    } catch (err) {
      if (!isPortTaken(err)) throw err;
      taken.push(port);
    }
  }
  throw new Error(`could not start ${what}: ${taken.length === 0 ? 'no port to try' : `port${taken.length === 1 ? '' : 's'} ${taken.join(', ')} ${taken.length === 1 ? 'was' : 'were all'} taken by other programs`}`);
}
