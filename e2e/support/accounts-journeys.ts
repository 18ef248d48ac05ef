import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { AccountsDriver, newPerson, openMailbox, type Mailbox } from './accounts-driver';
import { AuthDriver } from './auth-driver';

/** The account journeys of issue 18, registered for the project that imports them (desktop or phone). */
export function accountJourneys() {
  // A time zone other than the machine's UTC, so the audit log's local times show.
  test.use({ timezoneId: 'America/Phoenix' });
  let mailbox: Mailbox;
  test.beforeAll(async () => {
    mailbox = await openMailbox();
  });
  test.afterAll(async () => {
    await mailbox?.close();
  });

  test('a traveler signs up, confirms the address from the mail, and signs in', async ({ page }, testInfo) => {
    const accounts = new AccountsDriver(page, testInfo, mailbox);
    const person = newPerson('sam', testInfo);
    await accounts.startSignIn();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(await accounts.heading()).toHaveText('Create an account');
    await accounts.expectAccessible();

    await accounts.fillSignUp({ ...person, password: 'password123' });
    await accounts.submit('Create account');
    await expect(page.getByText('This password is too easy to guess')).toBeVisible();
    await accounts.screenshot('sign-up-weak-password');
    await accounts.expectAccessible();
    await accounts.fillSignUp(person);
    await accounts.submit('Create account');
    await expect(await accounts.heading()).toHaveText('Check your e-mail');
    await accounts.expectAccessible();
    await accounts.screenshot('sign-up-sent');

    // Issue 49: the password just chosen signs them in; the sign-in page does not ask for it again.
    await page.getByRole('link', { name: 'Continue to Trip Explorer' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/identity') && !url.pathname.startsWith('/api/auth'));
    expect(await accounts.session()).toMatchObject({ signedIn: true, user: { name: `${person.givenName} ${person.familyName}` } });

    await accounts.openMailedLink(person.email, /Confirm your e-mail/, '/identity/verify-email');
    await expect(await accounts.heading()).toHaveText('Confirm your e-mail address');
    await accounts.expectAccessible();
    await accounts.submit('Confirm');
    await expect(await accounts.heading()).toHaveText('E-mail address confirmed');
    await accounts.screenshot('email-confirmed');
  });

  test('a traveler resets a forgotten password from the mail and signs in with the new one', async ({ page }, testInfo) => {
    const accounts = new AccountsDriver(page, testInfo, mailbox);
    const person = newPerson('rita', testInfo);
    await accounts.signUp(person);

    await accounts.startSignIn();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await accounts.expectAccessible();
    await page.getByLabel('E-mail').fill(person.email);
    const since = mailbox.received.length;
    await accounts.submit('Send the link');
    await expect(page.getByText(`If an account uses ${person.email}`)).toBeVisible();
    await accounts.openMailedLink(person.email, /Reset your/, '/identity/reset-password', since);
    await accounts.expectAccessible();
    const fresh = 'granite willow compass 19';
    await page.getByLabel('New password').fill(fresh);
    await accounts.screenshot('reset-password');
    await accounts.submit('Set the new password');
    await expect(await accounts.heading()).toHaveText('Password changed');

    await page.goBack();
    await page.reload();
    await expect(await accounts.heading()).toHaveText('Link no longer works');
    await accounts.expectAccessible();

    await accounts.startSignIn();
    await accounts.signInHere(person.email, fresh);
    expect(await accounts.session()).toMatchObject({ signedIn: true });
  });

  test('an administrator invites a new person, who signs up from the mail, shows with the role, and is removed', async ({ page, browser }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    const accounts = new AccountsDriver(page, testInfo, mailbox);
    const person = newPerson('ivan', testInfo);
    await auth.signInByRequests('admin', '/admin/org-summit-rv');
    const section = page.getByRole('region', { name: 'Summit RV Dealers Group' });
    await section.getByLabel(/^E-mail/).fill(person.email);
    await section.getByLabel('As', { exact: true }).selectOption({ label: 'Service Advisor' });
    const since = mailbox.received.length;
    await section.getByRole('button', { name: 'Send invitation' }).click();
    await expect(section.getByText(`Invitation sent to ${person.email}.`)).toBeVisible();
    await expect(section.getByTestId('pending-invitation').filter({ hasText: person.email })).toContainText('Service Advisor');
    await accounts.screenshot('admin-invitation-pending');
    await accounts.expectAccessible();

    // The invitee, in a browser of their own.
    const theirs = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const invitee = new AccountsDriver(await theirs.newPage(), testInfo, mailbox);
    await invitee.openMailedLink(person.email, /invites you to Summit/, '/identity/invitation', since);
    await expect(await invitee.heading()).toHaveText('Join Summit RV Dealers Group');
    await invitee.expectAccessible();
    // The address has no account: the page is the sign-up form.
    await expect(invitee.page.getByLabel('E-mail')).toHaveValue(person.email);
    await invitee.fillSignUp(person, { skipEmail: true });
    await invitee.submit('Create account and join');
    await expect(invitee.page.getByText('You have joined Summit RV Dealers Group')).toBeVisible();
    await invitee.screenshot('invitation-joined');
    // Signed in by the sign-up: on to the map without a second sign-in.
    await invitee.page.getByRole('link', { name: 'Continue to Trip Explorer' }).click();
    await invitee.page.waitForURL((url) => url.pathname === '/');
    expect((await invitee.session()).organizations).toEqual([expect.objectContaining({ id: 'org-summit-rv', roles: ['Service Advisor'] })]);

    await page.reload();
    const row = section.getByTestId('member-row').filter({ hasText: `@${person.username}` });
    await expect(row).toContainText('Service Advisor');
    await expect(section.getByTestId('pending-invitation').filter({ hasText: person.email })).toHaveCount(0);

    // With the keyboard: Escape closes the form and Save says so; each time the focus is back on Edit.
    const edit = row.getByRole('button', { name: `Edit the membership of ${person.givenName} ${person.familyName}` });
    await edit.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(edit).toBeFocused();
    await page.keyboard.press('Enter');
    await row.getByLabel('Sales Associate').check();
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByText('Membership updated.')).toBeVisible();
    await expect(row).toContainText('Sales Associate');
    await expect(edit).toBeFocused();

    // The organization's only administrator is not offered for removal (the server would refuse it).
    const onlyAdministrator = section.getByTestId('member-row').filter({ hasText: '@admin' });
    await expect(onlyAdministrator.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(onlyAdministrator).toContainText('Only administrator');

    await row.getByRole('button', { name: `Remove ${person.givenName} ${person.familyName}` }).click();
    await expect(row.getByText(`Remove ${person.givenName} ${person.familyName} from Summit RV Dealers Group?`)).toBeVisible();
    await accounts.screenshot('admin-remove-confirmation');
    await row.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(section.getByTestId('member-row').filter({ hasText: `@${person.username}` })).toHaveCount(0);
    // Issue 49: the removal is said where the row was, with the focus, and the log says who did it, when, by name.
    const removed = section.getByRole('status').filter({ hasText: `Removed ${person.givenName} ${person.familyName} from Summit RV Dealers Group.` });
    await expect(removed).toBeVisible();
    await expect(removed).toBeFocused();
    await section.getByText(/^Recent changes \(\d+\)$/).click();
    const newest = section.getByTestId('audit-entry').first();
    await expect(newest).toContainText(`Removed ${person.givenName} ${person.familyName} (was a member (Sales Associate, Service Advisor))`);
    await expect(newest).toContainText('by Ada Admin');
    await expect(newest.locator('time')).toHaveText(/\d{1,2}:\d{2}\s?(AM|PM)\s?MST$/);
    await accounts.screenshot('admin-member-removed');
    await accounts.expectAccessible();

    // The removal reaches the member's next request, without signing in again.
    await expect.poll(async () => (await invitee.session()).organizations).toEqual([]);
    await theirs.close();
  });

  test('a traveler manages the account, turns on TOTP, signs in with a code, and deletes the account', async ({ page, browser }, testInfo) => {
    const accounts = new AccountsDriver(page, testInfo, mailbox);
    const person = newPerson('tori', testInfo);
    await accounts.signUp(person);
    await accounts.startSignIn();
    await accounts.signInHere(person.username, person.password);

    await page.goto('/account');
    await expect(await accounts.heading()).toHaveText('Account settings');
    await accounts.expectAccessible();
    // The sign-up's link was lost: a new one is a button away.
    const email = page.getByRole('region', { name: 'E-mail' });
    await expect(email).toContainText('(not confirmed yet: open the link we sent)');
    const since = mailbox.received.length;
    await email.getByRole('button', { name: 'Send the confirmation link again' }).click();
    await expect(email.getByRole('status')).toHaveText('We sent a new link to your address. It works once, for 24 hours.');
    await mailbox.waitFor(person.email, /Confirm your e-mail/, since);
    const name = page.getByRole('region', { name: 'Name' });
    await name.getByLabel('First name').fill('Victoria');
    await name.getByRole('button', { name: 'Save name' }).click();
    await expect(name.getByRole('status')).toContainText('Name saved');
    await expect(page.getByTestId('account-session')).toHaveCount(1);
    await expect(page.getByTestId('account-session')).toContainText('This browser');

    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    // Every change of a second factor takes the current password.
    await twoFactor.getByLabel('Current password').fill(person.password);
    await twoFactor.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(twoFactor.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await twoFactor.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    // Issue 49: a phone cannot scan its own screen: the otpauth:// link opens the app, and the key copies.
    await expect(twoFactor.getByRole('link', { name: 'Open it in your authenticator app' })).toHaveAttribute('href', new RegExp(`^otpauth://totp/.*secret=${secret}`));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await twoFactor.getByRole('button', { name: 'Copy key' }).click();
    await expect(twoFactor.getByRole('status').filter({ hasText: 'Key copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    const enrolledAt = Date.now();
    await twoFactor.getByLabel('Code from the app').fill(totp.generate({ timestamp: enrolledAt }));
    await accounts.screenshot('account-totp-setup');
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await expect(twoFactor.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await accounts.screenshot('account-recovery-codes');
    await accounts.expectAccessible();
    await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
    await expect(twoFactor).toContainText('10 recovery codes left');

    // Another browser: the password, then the code.
    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const second = new AccountsDriver(await other.newPage(), testInfo, mailbox);
    await second.startSignIn();
    await second.page.getByLabel('Username or e-mail').fill(person.username);
    await second.page.getByLabel('Password').fill(person.password);
    await second.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(await second.heading()).toHaveText('Two-factor sign-in');
    await second.expectAccessible();
    // Issue 49: the code field has the focus and a phone's digit keyboard; a recovery code (letters too) has its own.
    const appCode = second.page.getByLabel('Code from your authenticator app');
    await expect(appCode).toBeFocused();
    await expect(appCode).toHaveAttribute('inputmode', 'numeric');
    await second.page.getByRole('link', { name: 'Use a recovery code instead' }).click();
    await expect(second.page.getByLabel('Recovery code')).toBeFocused();
    await expect(second.page.getByLabel('Recovery code')).not.toHaveAttribute('inputmode', /./);
    await second.expectAccessible();
    await second.page.getByRole('link', { name: 'Use a code from your authenticator app instead' }).click();
    await expect(appCode).toBeFocused();
    await second.page.getByLabel('Code').fill('000000');
    await second.submit('Verify');
    await expect(second.page.getByRole('alert')).toContainText('That code is not right');
    await second.page.getByLabel('Code').fill(totp.generate({ timestamp: enrolledAt + 30_000 }));
    await second.screenshot('sign-in-totp');
    await second.submit('Verify');
    await second.page.waitForURL((url) => !url.pathname.startsWith('/identity'));
    expect(await second.session()).toMatchObject({ signedIn: true, user: { name: `Victoria ${person.familyName}` } });
    await other.close();

    await page.reload();
    await expect(page.getByTestId('account-session')).toHaveCount(2);
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await sessions.getByRole('button', { name: 'Sign out other sessions (1)' }).click();
    await expect(page.getByTestId('account-session')).toHaveCount(1);

    const remove = page.getByRole('region', { name: 'Delete account' });
    await remove.getByLabel('Password').fill(person.password);
    await remove.getByLabel(/I understand/).check();
    await remove.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await accounts.session()).toMatchObject({ signedIn: false });
  });

  test('a traveler registers a passkey with the virtual authenticator and signs in with it', async ({ page }, testInfo) => {
    const accounts = new AccountsDriver(page, testInfo, mailbox);
    await accounts.addVirtualAuthenticator();
    const person = newPerson('pia', testInfo);
    await accounts.signUp(person);
    await accounts.startSignIn();
    await accounts.signInHere(person.username, person.password);

    await page.goto('/account');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByLabel('Current password').fill(person.password);
    await passkeys.getByLabel('Name for the new passkey').fill('Test laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByRole('status')).toContainText('Passkey added');
    await expect(passkeys.getByTestId('passkey')).toContainText('Test laptop');
    await accounts.screenshot('account-passkey-added');
    await accounts.expectAccessible();

    // Signed out everywhere in this browser, then back with the passkey alone.
    await page.context().clearCookies();
    await accounts.startSignIn();
    await accounts.expectAccessible();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/identity') && !url.pathname.startsWith('/api/auth'));
    expect(await accounts.session()).toMatchObject({ signedIn: true, user: { name: `${person.givenName} ${person.familyName}` } });
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Passkeys' }).getByTestId('passkey')).toContainText('last used');
  });
}
