import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteIdentityDirectory } from '@/lib/identity/directory/sqlite/directory';
import { sqliteProviderModels } from '@/lib/identity/provider-store/sqlite/models';
import { passkeyChallenges, Passkeys } from '@/lib/identity/second-factor/passkeys';
import { openIdentityDb } from '@/lib/identity/store';
import { tempDataDir } from '../support/test-server';

// The full ceremony (a real authenticator's signatures) runs in the browser journey with Chromium's virtual
// authenticator (e2e/support/accounts-journeys.ts); here, what the server decides without one.
describe('passkeys', () => {
  async function setup() {
    const { db } = openIdentityDb(path.join(tempDataDir('passkeys'), 'identity.sqlite'));
    const directory = new SqliteIdentityDirectory(db);
    const { accounts } = directory;
    const user = await accounts.createUser({ username: 'pia', email: 'pia@example.com', password: 'x'.repeat(12), givenName: 'Pia', familyName: 'P' });
    return { db, user, passkeys: new Passkeys(directory.passkeys, passkeyChallenges(sqliteProviderModels(db)), 'localhost', 'http://localhost:3000') };
  }

  it('asks for a discoverable credential with user verification, for this site', async () => {
    const { user, passkeys } = await setup();
    const options = await passkeys.registrationOptions({ id: user.id, username: 'pia', displayName: 'Pia P' });
    expect(options.rp).toEqual({ name: 'Trip Explorer', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    const login = await passkeys.authenticationOptions('uid-1');
    expect(login).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(login.allowCredentials ?? []).toEqual([]);
  });

  it('refuses an answer without its challenge, to an unknown credential, or garbage', async () => {
    const { user, passkeys } = await setup();
    expect(await passkeys.register(user.id, { id: 'x' } as never, 'key')).toBeNull();
    await passkeys.registrationOptions({ id: user.id, username: 'pia', displayName: 'Pia' });
    expect(await passkeys.register(user.id, { id: 'x', rawId: 'x', response: {}, type: 'public-key' } as never, 'key')).toBeNull();
    // The challenge was used by that failed attempt: a second answer has none to match.
    expect(await passkeys.register(user.id, { id: 'x' } as never, 'key')).toBeNull();
    await passkeys.authenticationOptions('uid-2');
    expect(await passkeys.authenticate('uid-2', { id: 'unknown-credential' } as never)).toBeNull();
    expect(await passkeys.authenticate('uid-2', { id: 'unknown-credential' } as never)).toBeNull();
    expect(await passkeys.list(user.id)).toEqual([]);
    expect(await passkeys.remove(user.id, 'nope')).toBe(false);
  });
});
