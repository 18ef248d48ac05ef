import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/lib/config/env';
import { addressBucket, clientAddress } from '@/lib/server/client-address';

const request = (socket: string, forwardedFor?: string | string[]) =>
  ({ socket: { remoteAddress: socket }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('192.0.2.1', '198.51.100.9'), { trustProxy: false, trustProxyHops: 1 })).toBe('192.0.2.1');
    expect(clientAddress(request('::ffff:192.0.2.1'), { trustProxy: false, trustProxyHops: 1 })).toBe('192.0.2.1');
  });

  it('counts trusted hops from the right, never reading what the client wrote on the left', () => {
    const spoofed = request('10.0.0.2', '1.1.1.1, 2.2.2.2, 203.0.113.7');
    expect(clientAddress(spoofed, { trustProxy: true, trustProxyHops: 1 })).toBe('203.0.113.7');
    expect(clientAddress(spoofed, { trustProxy: true, trustProxyHops: 2 })).toBe('2.2.2.2');
    expect(clientAddress(request('10.0.0.2', ['1.1.1.1', '203.0.113.7']), { trustProxy: true, trustProxyHops: 1 })).toBe('203.0.113.7');
  });

  it('falls back to the socket peer when the header is missing, too short or not an address', () => {
    const trust = { trustProxy: true, trustProxyHops: 2 };
    expect(clientAddress(request('10.0.0.2'), trust)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', '203.0.113.7'), trust)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', 'unknown, 10.0.0.1'), trust)).toBe('10.0.0.2');
  });

  it('drops ports and IPv4-mapped prefixes so one client is one key', () => {
    const trust = { trustProxy: true, trustProxyHops: 1 };
    expect(clientAddress(request('10.0.0.2', '203.0.113.7:51234'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', '[2001:DB8::1]:443'), trust)).toBe('2001:db8::1');
    expect(clientAddress(request('10.0.0.2', '::ffff:203.0.113.7'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('::ffff:10.0.0.9', undefined), { trustProxy: false, trustProxyHops: 1 })).toBe('10.0.0.9');
  });

  it('leaves alone what only looks like a port or a mapped address', () => {
    const trust = { trustProxy: true, trustProxyHops: 1 };
    // Not an address once read whole: the socket peer is used instead.
    expect(clientAddress(request('10.0.0.2', 'x203.0.113.7:51234'), trust)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', '203.0.113.7:51234x'), trust)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', 'x[2001:db8::1]:443'), trust)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', '[2001:db8::1]:443x'), trust)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', '[2001:db8::1]'), trust)).toBe('2001:db8::1');
    expect(clientAddress(request('10.0.0.2', '203.0.113.77:8'), trust)).toBe('203.0.113.77');
    expect(clientAddress(request('10.0.0.2', '::ffff:1:2'), trust)).toBe('::ffff:1:2');
    expect(clientAddress(request('10.0.0.2', ['198.51.100.1', '203.0.113.9']), trust)).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY_HOPS', () => {
  it('defaults to one hop, and needs TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, trustProxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
  });
});

describe('addressBucket', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8:5::')).toBe('2001:db8:5:0::/64');
    expect(addressBucket('1::2:3:4:5')).toBe('1:0:0:0::/64');
    expect(addressBucket('1:2:3::4:5')).toBe('1:2:3:0::/64');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
