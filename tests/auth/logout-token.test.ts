import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKCHANNEL_LOGOUT_EVENT, LogoutTokenError, verifyLogoutToken } from '@/lib/auth/logout-token';

const issuer = 'http://localhost:3100/identity';
const audience = 'explorer';
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let keys: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  keys = createLocalJWKSet({ keys: [jwk] });
});

const events = { [BACKCHANNEL_LOGOUT_EVENT]: {} };

async function logoutToken(payload: JWTPayload, options: { key?: CryptoKey; iat?: number; alg?: string } = {}) {
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: 'k1', typ: 'logout+jwt' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setJti(crypto.randomUUID())
    .setIssuedAt(options.iat);
  return jwt.sign(options.key ?? privateKey);
}

const verify = (token: string) => verifyLogoutToken(token, { issuer, audience, keys });

describe('verifyLogoutToken', () => {
  it('accepts a well-formed logout token and returns its sid and sub', async () => {
    const token = await logoutToken({ sub: 'acct-1', sid: 'sid-1', events });
    await expect(verify(token)).resolves.toEqual({ sub: 'acct-1', sid: 'sid-1' });
  });

  it('accepts a token that names only the subject', async () => {
    await expect(verify(await logoutToken({ sub: 'acct-1', events }))).resolves.toEqual({ sub: 'acct-1', sid: undefined });
  });

  it.each([
    ['signed by another key', async () => logoutToken({ sid: 's', events }, { key: otherKey })],
    ['from another issuer', async () => new SignJWT({ sid: 's', events }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('http://evil/identity').setAudience(audience).setIssuedAt().sign(privateKey)],
    ['for another client', async () => new SignJWT({ sid: 's', events }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience('someone-else').setIssuedAt().sign(privateKey)],
    ['without iat', async () => new SignJWT({ sid: 's', events }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience(audience).sign(privateKey)],
    ['issued an hour ago', async () => logoutToken({ sid: 's', events }, { iat: Math.floor(Date.now() / 1000) - 3600 })],
    ['without the events claim (an ID token)', async () => logoutToken({ sid: 's', sub: 'acct-1' })],
    ['with the wrong event', async () => logoutToken({ sid: 's', events: { 'http://example.com/other': {} } })],
    ['with an event value that is not an object', async () => logoutToken({ sid: 's', events: { [BACKCHANNEL_LOGOUT_EVENT]: 'yes' } })],
    ['with a nonce', async () => logoutToken({ sid: 's', events, nonce: 'n' })],
    ['naming neither sid nor sub', async () => logoutToken({ events })],
  ])('refuses a token %s', async (_label, make) => {
    await expect(verify(await make())).rejects.toBeInstanceOf(LogoutTokenError);
  });

  it('refuses garbage and an unsigned token', async () => {
    await expect(verify('not.a.jwt')).rejects.toBeInstanceOf(LogoutTokenError);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ iss: issuer, aud: audience, iat: Math.floor(Date.now() / 1000), sid: 's', events })).toString('base64url');
    await expect(verify(`${header}.${body}.`)).rejects.toBeInstanceOf(LogoutTokenError);
  });
});
