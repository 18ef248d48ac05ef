import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { AccountsDriver, newPerson, openMailbox, type Mailbox, type NewPerson } from './accounts-driver';
import { AuthDriver } from './auth-driver';

const SUMMIT = 'Summit RV Dealers Group';

/**
 * Issue 40's account points: links opened again, the invitation page, the sessions list and the members page's
 * header, registered for the project that imports them (desktop or phone).
 */
export function identityLinkJourneys() {
  let mailbox: Mailbox;
  test.beforeAll(async () => {
    mailbox = await openMailbox();
  });
  test.afterAll(async () => {
    await mailbox?.close();
  });

  /** The administrator, signed in on the members page of Summit. */
  async function adminOnSummit(page: Page, testInfo: TestInfo) {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('admin');
    await page.goto('/admin/org-summit-rv');
    return page.getByRole('region', { name: SUMMIT });
  }

  /** A browser of the invitee's own, at the same size. */
  async function inviteeBrowser(browser: Browser, page: Page, testInfo: TestInfo) {
    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    return { context, invitee: new AccountsDriver(await context.newPage(), testInfo, mailbox) };
  }

  async function signUpConfirmed(accounts: AccountsDriver, person: NewPerson) {
    await accounts.signUp(person);
    await accounts.openMailedLink(person.email, /Confirm your e-mail/, '/identity/verify-email');
    const link = accounts.page.url();
    await accounts.submit('Confirm');
    await expect(await accounts.heading()).toHaveText('E-mail address confirmed');
    return link;
  }

  test('a confirmation link opened again says the address is confirmed and offers Sign in', async ({ page }, testInfo) => {
    const accounts = new AccountsDriver(page, testInfo, mailbox);
    const person = newPerson('cora', testInfo);
    const link = await signUpConfirmed(accounts, person);

    await page.goto(link);
    await expect(await accounts.heading()).toHaveText('Address already confirmed');
    await expect(page.getByText(`${person.email} is already confirmed`)).toBeVisible();
    await expect(page.getByText('Sign in, open your account settings')).toHaveCount(0);
    await accounts.expectAccessible();
    await accounts.screenshot('link-confirmation-used');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await accounts.signInHere(person.username, person.password);
    expect(await accounts.session()).toMatchObject({ signedIn: true });
  });

  test('the page after a password reset has a Sign in button', async ({ page }, testInfo) => {
    const accounts = new AccountsDriver(page, testInfo, mailbox);
    const person = newPerson('remy', testInfo);
    await accounts.signUp(person);
    await page.goto('/identity/forgot-password');
    await page.getByLabel('E-mail').fill(person.email);
    const since = mailbox.received.length;
    await accounts.submit('Send the link');
    await accounts.openMailedLink(person.email, /Reset your/, '/identity/reset-password', since);
    const fresh = 'juniper lantern harbor 64';
    await page.getByLabel('New password').fill(fresh);
    await accounts.submit('Set the new password');
    await expect(await accounts.heading()).toHaveText('Password changed');
    await accounts.expectAccessible();
    await accounts.screenshot('reset-password-done');

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await accounts.signInHere(person.username, fresh);
    expect(await accounts.session()).toMatchObject({ signedIn: true });
  });

  test('an invitation to a new address says who invites, as what, leads with sign-up, and goes on to the map signed in; opened again it says they are a member', async ({ page, browser }, testInfo) => {
    const person = newPerson('nell', testInfo);
    const summit = await adminOnSummit(page, testInfo);
    await summit.getByLabel(/^E-mail/).fill(person.email);
    await summit.getByLabel('As', { exact: true }).selectOption({ label: 'Service Advisor' });
    const since = mailbox.received.length;
    await summit.getByRole('button', { name: 'Send invitation' }).click();
    await expect(summit.getByText(`Invitation sent to ${person.email}.`)).toBeVisible();

    // Issue 49: the mail too says who invites and as what.
    expect((await mailbox.waitFor(person.email, /invites you to Summit/, since)).text).toContain(`Ada Admin invites you to join ${SUMMIT} on Trip Explorer as Service Advisor.`);
    const { context, invitee } = await inviteeBrowser(browser, page, testInfo);
    await invitee.openMailedLink(person.email, /invites you to Summit/, '/identity/invitation', since);
    const invitation = invitee.page.url();
    await expect(await invitee.heading()).toHaveText(`Join ${SUMMIT}`);
    await expect(invitee.page.getByText(`Ada Admin invited you to join ${SUMMIT} as Service Advisor.`)).toBeVisible();
    // No account uses the address: the sign-up form is the page, signing in the second choice.
    await expect(invitee.page.getByLabel('E-mail')).toHaveValue(person.email);
    await expect(invitee.page.getByRole('button', { name: 'Create account and join' })).toBeVisible();
    await expect(invitee.page.getByRole('link', { name: 'Sign in to join' })).toBeVisible();
    await invitee.expectAccessible();
    await invitee.screenshot('invitation-new-address');

    await invitee.fillSignUp(person, { skipEmail: true });
    await invitee.submit('Create account and join');
    await expect(await invitee.heading()).toHaveText('Welcome to Trip Explorer');
    await expect(invitee.page.getByText(`You have joined ${SUMMIT} as Service Advisor.`)).toBeVisible();
    await invitee.screenshot('invitation-welcome');
    // On to the map without a second sign-in: no login page on the way.
    await invitee.page.getByRole('link', { name: 'Continue to Trip Explorer' }).click();
    await invitee.page.waitForURL((url) => url.pathname === '/');
    expect(await invitee.session()).toMatchObject({
      signedIn: true,
      user: { name: `${person.givenName} ${person.familyName}` },
      organizations: [expect.objectContaining({ id: 'org-summit-rv', roles: ['Service Advisor'] })],
    });

    await invitee.page.goto(invitation);
    await expect(await invitee.heading()).toHaveText(`You are already a member of ${SUMMIT}`);
    await expect(invitee.page.getByText(`This invitation was used by ${person.username}`)).toBeVisible();
    await expect(invitee.page.getByText('This invitation link has already been used')).toHaveCount(0);
    await invitee.expectAccessible();
    await invitee.screenshot('invitation-used-by-member');
    await invitee.page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await invitee.page.waitForURL((url) => url.pathname === '/');
    expect(await invitee.session()).toMatchObject({ signedIn: true });
    await context.close();
  });

  test('an invitation to an address with an account leads with sign-in, and joining goes on to the map signed in', async ({ page, browser }, testInfo) => {
    const person = newPerson('otto', testInfo);
    const { context, invitee } = await inviteeBrowser(browser, page, testInfo);
    await signUpConfirmed(invitee, person);

    const summit = await adminOnSummit(page, testInfo);
    await summit.getByLabel(/^E-mail/).fill(person.email);
    await summit.getByLabel('As', { exact: true }).selectOption({ label: 'Sales Associate' });
    const since = mailbox.received.length;
    await summit.getByRole('button', { name: 'Send invitation' }).click();
    await expect(summit.getByText(`Invitation sent to ${person.email}.`)).toBeVisible();

    await invitee.openMailedLink(person.email, /invites you to Summit/, '/identity/invitation', since);
    await expect(await invitee.heading()).toHaveText(`Join ${SUMMIT}`);
    await expect(invitee.page.getByText(`Ada Admin invited you to join ${SUMMIT} as Sales Associate.`)).toBeVisible();
    await expect(invitee.page.getByLabel('Username or e-mail')).toHaveValue(person.email);
    await expect(invitee.page.getByRole('button', { name: 'Create account and join' })).toHaveCount(0);
    await expect(invitee.page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await invitee.expectAccessible();
    await invitee.screenshot('invitation-existing-account');

    await invitee.page.getByLabel('Password', { exact: true }).fill(person.password);
    await invitee.submit('Sign in and join');
    await expect(await invitee.heading()).toHaveText(`You joined ${SUMMIT}`);
    await invitee.page.getByRole('link', { name: 'Continue to Trip Explorer' }).click();
    await invitee.page.waitForURL((url) => url.pathname === '/');
    expect(await invitee.session()).toMatchObject({
      signedIn: true,
      organizations: [expect.objectContaining({ id: 'org-summit-rv', roles: ['Sales Associate'] })],
    });
    await context.close();
  });

  test('a link invitation has a Copy button that copies it, and the link leads a newcomer with sign-up', async ({ page, browser }, testInfo) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const summit = await adminOnSummit(page, testInfo);
    await summit.getByLabel('As', { exact: true }).selectOption({ label: 'Sales Associate' });
    await summit.getByRole('button', { name: 'Create link' }).click();
    const link = await summit.getByTestId('invitation-link').inputValue();
    expect(link).toContain('/identity/invitation?token=');
    // Its name changes to "Copied the invitation link" for a moment.
    const copy = summit.getByRole('button', { name: /^Cop(y|ied) the invitation link$/ });
    await expect(copy).toHaveText(/^Copy/);
    await copy.click();
    await expect(copy).toHaveText(/Copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await new AccountsDriver(page, testInfo, mailbox).screenshot('admin-invitation-link-copied');

    const { context, invitee } = await inviteeBrowser(browser, page, testInfo);
    await invitee.page.goto(link);
    await expect(invitee.page.getByText(`Ada Admin invited you to join ${SUMMIT} as Sales Associate.`)).toBeVisible();
    await expect(invitee.page.getByRole('button', { name: 'Create account and join' })).toBeVisible();
    await invitee.page.getByRole('link', { name: 'Sign in to join' }).click();
    await expect(invitee.page.getByRole('button', { name: 'Sign in and join' })).toBeVisible();
    await expect(invitee.page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await invitee.expectAccessible();
    await context.close();
  });

  test('the sessions list names the browser and the app, at the viewer’s local time', async ({ browser, page }, testInfo) => {
    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, timezoneId: 'America/Denver', userAgent: await page.evaluate(() => navigator.userAgent) });
    const accounts = new AccountsDriver(await context.newPage(), testInfo, mailbox);
    const person = newPerson('dora', testInfo);
    await accounts.signUp(person);
    await accounts.startSignIn();
    await accounts.signInHere(person.username, person.password);
    await accounts.page.goto('/account');
    const session = accounts.page.getByTestId('account-session');
    await expect(session).toHaveCount(1);
    await expect(session).toContainText(testInfo.project.name === 'phone' ? 'Chrome on Android' : 'Chrome on Windows');
    await expect(session).toContainText('Trip Explorer · signed in');
    // Denver's zone, named; never UTC, never the client id.
    await expect(session).toContainText(/\d{1,2}:\d{2}\s?[AP]M M[SD]T/);
    await expect(session).not.toContainText('UTC');
    await expect(session).not.toContainText(/\bexplorer\b/);
    await accounts.expectAccessible();
    await accounts.page.getByRole('region', { name: 'Active sessions' }).scrollIntoViewIfNeeded();
    await accounts.screenshot('account-sessions');
    await context.close();
  });

  test('on the members page the header names the organization the page manages', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('admin');
    await auth.switchOrganization('org-lakeside-tourism');
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: SUMMIT })).toBeVisible();
    await expect.poll(async () => (await auth.sessionSummary()).activeOrganizationId).toBe('org-summit-rv');
    if ((await auth.switcher.count()) === 0) await auth.openAccountMenu();
    await expect(auth.switcher).toHaveValue('org-summit-rv');
    await auth.screenshot('admin-header-follows-page');
  });
}
