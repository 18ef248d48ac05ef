import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Which peers' X-Forwarded-For entries to believe: none, or the last `hops` proxies in front of this process. */
export interface ProxyTrust {
  trustProxy: boolean;
  /** Trusted proxies between the client and this process, counted from this process outwards (at least 1). */
  trustProxyHops: number;
}

/**
 * The request header the custom server sets, before Next.js sees a request, to the address limits key on (a value the
 * client sent is replaced): Next's route handlers get a Request without the socket.
 */
export const CLIENT_ADDRESS_HEADER = 'x-trip-explorer-client-address';

/** Drops a port some proxies add (`203.0.113.7:51234`, `[2001:db8::1]:443`) and IPv4-mapped IPv6 prefixes. */
function normalize(address: string): string {
  const bare = /^\[([^\]]+)\](?::\d+)?$/.exec(address)?.[1] ?? /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address)?.[1] ?? address;
  const plain = bare.startsWith('::ffff:') && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
  return plain.toLowerCase();
}

/**
 * The address every limit keys on. Without a trusted proxy it is the socket's peer. Behind `hops` trusted proxies
 * it is the address the outermost of them saw: each proxy appends its peer to X-Forwarded-For, so that address is
 * the `hops`-th entry from the right. Whatever the client wrote further left is its own choice and never read.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  const socketPeer = normalize(req.socket.remoteAddress ?? 'unknown');
  if (!trust.trustProxy) return socketPeer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = Math.max(1, Math.floor(trust.trustProxyHops));
  // Fewer entries than trusted hops: the request skipped a proxy (or the count is wrong); the socket peer is all we know.
  const entry = forwarded.length >= hops ? normalize(forwarded[forwarded.length - hops]) : '';
  return isIP(entry) ? entry : socketPeer;
}

/**
 * The key an address-based limit counts under: an IPv4 address as is, an IPv6 address by its /64, since one
 * subscriber usually holds a whole /64 and could otherwise take a fresh budget per address.
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
