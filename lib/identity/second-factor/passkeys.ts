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
import type { PasskeyRecord, PasskeyStore } from '../directory/types';
import type { ProviderModels } from '../provider-store/types';
import { Challenges } from './challenges';

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const view = (p: PasskeyRecord): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: new Date(p.createdAt).toISOString(),
  lastUsedAt: p.lastUsedAt ? new Date(p.lastUsedAt).toISOString() : null,
});

const CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) for the site `rpID` (the public URL's host) at `origin`. A challenge
 * is kept in the provider store for 5 minutes under the key of what asked for it (an account for registration, a sign-in
 * interaction for authentication) and works once. Sign-in asks for user verification (a PIN or biometric on the
 * device), so a passkey alone is a phishing-resistant multi-factor sign-in.
 */
export class Passkeys {
  constructor(
    private readonly store: PasskeyStore,
    private readonly challenges: Challenges,
    private readonly rpID: string,
    private readonly origin: string,
    private readonly rpName = 'Trip Explorer',
  ) {}

  async list(userId: string): Promise<PasskeyView[]> {
    return (await this.store.list(userId)).map(view);
  }

  async registrationOptions(user: { id: string; username: string; displayName: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.store.list(user.id);
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpID,
      userName: user.username,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.displayName,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as never })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.challenges.remember(`register:${user.id}`, options.challenge);
    return options;
  }

  async register(userId: string, response: RegistrationResponseJSON, name: string): Promise<PasskeyView | null> {
    const expectedChallenge = await this.challenges.take(`register:${userId}`);
    if (!expectedChallenge) return null;
    const verified = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: this.origin, expectedRPID: this.rpID, requireUserVerification: true }).catch(() => null);
    if (!verified?.verified) return null;
    const { credential } = verified.registrationInfo;
    await this.store.add({
      id: credential.id,
      userId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      createdAt: Date.now(),
    });
    return (await this.list(userId)).find((p) => p.id === credential.id) ?? null;
  }

  /** Options for a sign-in with any passkey of this site (discoverable credentials: no username typed). */
  async authenticationOptions(key: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'required' });
    await this.challenges.remember(`login:${key}`, options.challenge);
    return options;
  }

  /** The account a sign-in's passkey belongs to, when the assertion checks out (its counter is then stored). */
  async authenticate(key: string, response: AuthenticationResponseJSON): Promise<{ userId: string; userVerified: boolean } | null> {
    const expectedChallenge = await this.challenges.take(`login:${key}`);
    if (!expectedChallenge || typeof response?.id !== 'string') return null;
    const row = await this.store.find(response.id);
    if (!row) return null;
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: true,
      credential: { id: row.id, publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')), counter: row.counter, transports: row.transports as never },
    }).catch(() => null);
    if (!verified?.verified) return null;
    await this.store.used(row.id, verified.authenticationInfo.newCounter, Date.now());
    return { userId: row.userId, userVerified: verified.authenticationInfo.userVerified };
  }

  remove(userId: string, id: string): Promise<boolean> {
    return this.store.remove(userId, id);
  }
}

/** The challenges of passkey ceremonies, on the provider store's models. */
export const passkeyChallenges = (models: ProviderModels) => new Challenges(models, CHALLENGE_TTL_SECONDS);
