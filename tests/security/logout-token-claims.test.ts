// The logout token's checks one by one (OpenID Connect Back-Channel Logout 1.0, 2.6), with the reason each refusal
// gives: written from the mutation run's survivors in lib/auth/logout-token.ts.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createLocalJWKSet, SignJWT, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKCHANNEL_LOGOUT_EVENT, LogoutTokenError, verifyLogoutToken } from '@/lib/auth/logout-token';

const issuer = 'http://localhost:3100/identity';
const audience = 'explorer';
const events = { [BACKCHANNEL_LOGOUT_EVENT]: {} };
// A Node key object, not a WebCrypto key: it signs with any RSA algorithm, so a token can use one we do not accept.
let privateKey: KeyObject;
let keys: ReturnType<typeof createLocalJWKSet>;
// The same public key published without `alg`, as some providers do: then only the verifier's own list decides.
let keysWithoutAlg: ReturnType<typeof createLocalJWKSet>;

beforeAll(() => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = pair.privateKey;
  const jwk = pair.publicKey.export({ format: 'jwk' }) as JWK;
  keys = createLocalJWKSet({ keys: [{ ...jwk, kid: 'k1', alg: 'RS256', use: 'sig' }] });
  keysWithoutAlg = createLocalJWKSet({ keys: [{ ...jwk, kid: 'k1', use: 'sig' }] });
});

function sign(payload: JWTPayload, alg = 'RS256', iat?: number) {
  return new SignJWT(payload).setProtectedHeader({ alg, kid: 'k1', typ: 'logout+jwt' }).setIssuer(issuer).setAudience(audience).setJti(crypto.randomUUID()).setIssuedAt(iat).sign(privateKey);
}

const verify = (token: string, more: Partial<Parameters<typeof verifyLogoutToken>[1]> = {}) => verifyLogoutToken(token, { issuer, audience, keys, ...more });
const now = () => Math.floor(Date.now() / 1000);

describe('logout token claims', () => {
  it('accepts RS256 only unless told otherwise, even when the published key does not name its algorithm', async () => {
    const ps256 = await sign({ sid: 's', events }, 'PS256');
    await expect(verify(ps256, { keys: keysWithoutAlg })).rejects.toThrow(/logout token rejected \(ERR_JOSE_ALG_NOT_ALLOWED\)/);
    await expect(verify(ps256, { keys: keysWithoutAlg, algorithms: ['PS256'] })).resolves.toEqual({ sid: 's', sub: undefined });
    await expect(verify(await sign({ sid: 's', events }), { keys: keysWithoutAlg })).resolves.toEqual({ sid: 's', sub: undefined });
  });

  it('takes a token up to ten minutes old unless told otherwise, and a shorter age when told', async () => {
    await expect(verify(await sign({ sid: 's', events }, 'RS256', now() - 9 * 60))).resolves.toMatchObject({ sid: 's' });
    await expect(verify(await sign({ sid: 's', events }, 'RS256', now() - 11 * 60))).rejects.toThrow('logout token rejected (ERR_JWT_EXPIRED)');
    await expect(verify(await sign({ sid: 's', events }, 'RS256', now() - 120), { maxAge: '1m' })).rejects.toThrow(LogoutTokenError);
  });

  it('names the reason of a refused signature or claim, and calls anything else invalid', async () => {
    await expect(verify('not.a.jwt')).rejects.toThrow('logout token rejected (ERR_JWS_INVALID)');
    const other = await new SignJWT({ sid: 's', events }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('http://evil/identity').setAudience(audience).setIssuedAt().sign(privateKey);
    await expect(verify(other)).rejects.toThrow('logout token rejected (ERR_JWT_CLAIM_VALIDATION_FAILED)');
    const failingKeys = async () => {
      throw new TypeError('key lookup broke');
    };
    await expect(verify(await sign({ sid: 's', events }), { keys: failingKeys })).rejects.toThrow('logout token rejected (ERR_INVALID)');
  });

  it.each([
    ['no events claim', {}, 'logout token has no back-channel logout event'],
    ['events that is not an object', { events: 'x' }, 'logout token has no back-channel logout event'],
    ['events null', { events: null }, 'logout token has no back-channel logout event'],
    ['the event as a list', { events: { [BACKCHANNEL_LOGOUT_EVENT]: [] } }, 'logout token has no back-channel logout event'],
    ['the event as true', { events: { [BACKCHANNEL_LOGOUT_EVENT]: true } }, 'logout token has no back-channel logout event'],
    ['the event as null', { events: { [BACKCHANNEL_LOGOUT_EVENT]: null } }, 'logout token has no back-channel logout event'],
    ['a nonce, even an empty one', { events, nonce: '' }, 'logout token must not carry a nonce'],
    ['an empty sid and no sub', { events, sid: '' }, 'logout token names neither a session nor a subject'],
    ['a numeric sid and a numeric sub', { events, sid: 5, sub: 7 }, 'logout token names neither a session nor a subject'],
  ])('refuses a token with %s, saying why', async (_label, claims, message) => {
    const refusal = verify(await sign({ sid: 'placeholder', ...claims } as JWTPayload));
    await expect(refusal).rejects.toBeInstanceOf(LogoutTokenError);
    await expect(refusal).rejects.toThrow(message);
  });

  it('returns a session or a subject only when it is a non-empty string', async () => {
    await expect(verify(await sign({ sid: 'sid-1', events }))).resolves.toEqual({ sid: 'sid-1', sub: undefined });
    await expect(verify(await sign({ sid: 5, sub: 'acct-1', events }))).resolves.toEqual({ sid: undefined, sub: 'acct-1' });
    await expect(verify(await sign({ sid: '', sub: 'acct-1', events }))).resolves.toEqual({ sid: undefined, sub: 'acct-1' });
    await expect(verify(await sign({ sid: 'sid-1', sub: 7 as unknown as string, events }))).resolves.toEqual({ sid: 'sid-1', sub: undefined });
    await expect(verify(await sign({ sid: 'sid-1', sub: '', events }))).resolves.toEqual({ sid: 'sid-1', sub: undefined });
  });
});
