import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { IdentityDb } from '../store';

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) for the site `rpID` (the public URL's host) at `origin`. A challenge
 * is kept in memory for 5 minutes under the key of what asked for it (an account for registration, a sign-in
 * interaction for authentication) and works once. Sign-in asks for user verification (a PIN or biometric on the
 * device), so a passkey alone is a phishing-resistant multi-factor sign-in.
 */
export class Passkeys {
  private readonly challenges = new Map<string, { challenge: string; expires: number }>();

  constructor(
    private readonly db: IdentityDb,
    private readonly rpID: string,
    private readonly origin: string,
    private readonly rpName = 'Trip Explorer',
  ) {}

  private remember(key: string, challenge: string) {
    const now = Date.now();
    for (const [k, v] of this.challenges) if (v.expires <= now) this.challenges.delete(k);
    this.challenges.set(key, { challenge, expires: now + CHALLENGE_TTL_MS });
  }

  private take(key: string): string | undefined {
    const entry = this.challenges.get(key);
    this.challenges.delete(key);
    return entry && entry.expires > Date.now() ? entry.challenge : undefined;
  }

  list(userId: string): PasskeyView[] {
    return (this.db.prepare('SELECT * FROM account_passkeys WHERE user_id = ? ORDER BY created_at').all(userId) as PasskeyRow[]).map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    }));
  }

  async registrationOptions(user: { id: string; username: string; displayName: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = this.db.prepare('SELECT id, transports FROM account_passkeys WHERE user_id = ?').all(user.id) as { id: string; transports: string }[];
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpID,
      userName: user.username,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.displayName,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: JSON.parse(c.transports) as string[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    this.remember(`register:${user.id}`, options.challenge);
    return options;
  }

  async register(userId: string, response: RegistrationResponseJSON, name: string): Promise<PasskeyView | null> {
    const expectedChallenge = this.take(`register:${userId}`);
    if (!expectedChallenge) return null;
    const verified = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: this.origin, expectedRPID: this.rpID, requireUserVerification: true }).catch(() => null);
    if (!verified?.verified) return null;
    const { credential } = verified.registrationInfo;
    this.db
      .prepare('INSERT INTO account_passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(credential.id, userId, Buffer.from(credential.publicKey).toString('base64url'), credential.counter, JSON.stringify(credential.transports ?? []), name, Date.now());
    return this.list(userId).find((p) => p.id === credential.id) ?? null;
  }

  /** Options for a sign-in with any passkey of this site (discoverable credentials: no username typed). */
  async authenticationOptions(key: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'required' });
    this.remember(`login:${key}`, options.challenge);
    return options;
  }

  /** The account a sign-in's passkey belongs to, when the assertion checks out (its counter is then stored). */
  async authenticate(key: string, response: AuthenticationResponseJSON): Promise<{ userId: string; userVerified: boolean } | null> {
    const expectedChallenge = this.take(`login:${key}`);
    if (!expectedChallenge || typeof response?.id !== 'string') return null;
    const row = this.db.prepare('SELECT * FROM account_passkeys WHERE id = ?').get(response.id) as PasskeyRow | undefined;
    if (!row) return null;
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: true,
      credential: { id: row.id, publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')), counter: row.counter, transports: JSON.parse(row.transports) as never },
    }).catch(() => null);
    if (!verified?.verified) return null;
    this.db.prepare('UPDATE account_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(verified.authenticationInfo.newCounter, Date.now(), row.id);
    return { userId: row.user_id, userVerified: verified.authenticationInfo.userVerified };
  }

  remove(userId: string, id: string): boolean {
    return this.db.prepare('DELETE FROM account_passkeys WHERE user_id = ? AND id = ?').run(userId, id).changes === 1;
  }
}
