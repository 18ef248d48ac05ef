import { expect, test } from '@playwright/test';
import { AuthDriver, type DemoUsername } from './support/auth-driver';

const expected: Record<DemoUsername, { name: string; organizations: number; only?: string; moderates?: true }> = {
  traveler: { name: 'Tess Traveler', organizations: 0 },
  dealer: { name: 'Dan Dealer', organizations: 2 },
  admin: { name: 'Ada Admin', organizations: 2 },
  advisor: { name: 'Sam Advisor', organizations: 1, only: 'Summit RV Dealers Group' },
  moderator: { name: 'Mo Moderator', organizations: 0, moderates: true },
  unverified: { name: 'Uma Unverified', organizations: 1, only: 'Lakeside Tourism Office' },
};

test.describe('signing in through the identity server', () => {
  for (const username of Object.keys(expected) as DemoUsername[]) {
    test(`${username} signs in on the real login page and comes back signed in`, async ({ page }, testInfo) => {
      const auth = new AuthDriver(page, testInfo);
      await auth.openHome();
      await auth.signInAs(username);

      const summary = await auth.sessionSummary();
      expect(summary).toMatchObject({ signedIn: true, user: { name: expected[username].name } });
      expect(summary.organizations).toHaveLength(expected[username].organizations);
      expect(summary.moderates).toBe(expected[username].moderates === true);
      await expect(auth.signInButton).toHaveCount(0);

      if (expected[username].organizations === 0) {
        await expect(auth.switcher).toHaveCount(0);
        await expect(auth.organizationLabel).toHaveCount(0);
      } else if (expected[username].organizations === 1) {
        await expect(auth.switcher).toHaveCount(0);
        await expect(auth.organizationLabel).toContainText(expected[username].only!);
      } else {
        await expect(auth.switcher).toBeVisible();
      }

      // Tokens stay in the encrypted cookie: neither session endpoint hands one to the browser.
      const nextAuthSession = await auth.nextAuthSessionText();
      for (const body of [nextAuthSession, JSON.stringify(summary)]) expect(body).not.toMatch(/token/i);
      const bytes = await auth.sessionCookieBytes();
      testInfo.annotations.push({ type: 'session cookie bytes', description: String(bytes) });
      expect(Object.keys((await auth.sessionToken()) ?? {}).sort()).toEqual(
        expect.arrayContaining(['sub', 'name', 'email', 'sid', 'organizations', 'accessToken', 'signedInAt']),
      );
      expect(bytes).toBeLessThan(2500);

      await auth.screenshot(`signed-in-${username}`);
      expect(await auth.seriousAxeViolations('header')).toEqual([]);
    });
  }
});

test('the identity server’s sign-in page has text contrast of at least 4.5:1', async ({ page }, testInfo) => {
  const auth = new AuthDriver(page, testInfo);
  await auth.openHome();
  await auth.openSignInPage();
  await auth.screenshot('identity-sign-in');
  expect(await auth.seriousAxeViolations()).toEqual([]);
});

test('Cancel on the identity server’s sign-in page comes back to the map, signed out, with a note instead of an error page', async ({ page }, testInfo) => {
  const auth = new AuthDriver(page, testInfo);
  await auth.openHome();
  await auth.openSignInPage();
  await auth.cancelSignIn();
  expect(auth.currentPath()).toBe('/');
  await expect(auth.signInEndedNote).toContainText('Sign-in did not complete');
  await expect(auth.signInButton).toBeVisible();
  expect(await auth.seriousAxeViolations()).toEqual([]);
  await auth.signInEndedNote.getByRole('button', { name: /Dismiss/ }).click();
  await expect(auth.signInEndedNote).toHaveCount(0);
});

test('axe finds no serious or critical problem on any page of the identity server', async ({ page }, testInfo) => {
  const auth = new AuthDriver(page, testInfo);
  const seen: Record<string, string[]> = {};

  await auth.openHome();
  await auth.openSignInPage();
  seen['sign-in'] = await auth.seriousAxeViolations();
  await auth.submitCredentials('admin', 'not the password');
  await expect(auth.wrongCredentials).toBeVisible();
  await auth.screenshot('identity-sign-in-error');
  seen['sign-in with an error'] = await auth.seriousAxeViolations();
  await auth.logInOnIdentityPage('admin');

  await auth.openConsentPage();
  await auth.screenshot('identity-consent');
  seen['consent'] = await auth.seriousAxeViolations();

  await auth.openLogoutQuestion();
  await auth.screenshot('identity-sign-out-question');
  seen['sign-out question'] = await auth.seriousAxeViolations();
  await auth.answerLogoutQuestionYes();
  await expect(auth.heading('You are signed out')).toBeVisible();
  await auth.screenshot('identity-signed-out');
  seen['signed out'] = await auth.seriousAxeViolations();

  await auth.openSignInForUnknownClient();
  await expect(auth.heading('Something went wrong')).toBeVisible();
  await auth.screenshot('identity-error');
  seen['error'] = await auth.seriousAxeViolations();

  expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, []])));
});

test.describe('the organization switcher', () => {
  test('a forged organization is refused and the choice survives a reload', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('dealer');
    const first = (await auth.sessionSummary()).activeOrganizationId as string;
    const other = first === 'org-summit-rv' ? 'org-roamwell' : 'org-summit-rv';
    await expect(auth.switcher).toHaveValue(first);

    const forged = await auth.postOrganization('org-lakeside-tourism');
    expect(forged.status()).toBe(403);
    expect((await auth.sessionSummary()).activeOrganizationId).toBe(first);

    await auth.switchOrganization(other);
    await auth.reload();
    await expect(auth.switcher).toHaveValue(other);
    await auth.switcher.focus();
    await auth.screenshot('switcher-after-reload');
  });
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the switcher and the account menu fit and work with the keyboard', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('admin');
    await expect(auth.switcher).toHaveCount(0);
    await auth.openAccountMenu();
    await expect(auth.exploringAs()).toBeVisible();
    await auth.switchOrganization('org-summit-rv');
    await expect(auth.exploringAs('Summit RV Dealers Group · Administrator')).toBeVisible();
    await expect(auth.switcher).toHaveValue('org-summit-rv');
    await auth.screenshot('phone-account-menu');
    expect(await auth.pageWidth()).toBeLessThanOrEqual(390);
    await auth.pressKey('Escape');
    await expect(auth.signOutButton).toHaveCount(0);
    expect(await auth.seriousAxeViolations('header')).toEqual([]);

    await auth.visit('/admin');
    await expect(auth.memberRows).toHaveCount(3);
    await auth.screenshot('phone-admin-members');
    expect(await auth.seriousAxeViolations()).toEqual([]);
  });

  test('2. sign out from the account menu ends both sessions: the next sign-in asks for the password', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('admin');
    expect(await auth.signOutEverywhere()).toEqual([]);
    await auth.signInButton.click();
    await auth.expectAt(/\/identity\/interaction\//);
    await expect(auth.passwordField).toBeVisible();
    await auth.screenshot('phone-login-again-after-sign-out');
  });
});

test.describe('the members page', () => {
  test('an administrator sees the members of the organization they administer and is refused the other', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.signInByRequests('admin', '/trips');
    await auth.openMembersPage();

    const summit = auth.organization('Summit RV Dealers Group');
    await expect(summit).toBeVisible();
    await expect(summit.getByTestId('member-row')).toHaveCount(3);
    await expect(summit.getByRole('row', { name: /Dan Dealer/ })).toContainText('Sales Associate');
    await expect(summit.getByRole('row', { name: /Ada Admin/ })).toContainText('Administrator');
    await expect(auth.organization('Lakeside Tourism Office')).toHaveCount(0);
    await auth.screenshot('admin-members');
    expect(await auth.seriousAxeViolations()).toEqual([]);

    await auth.searchMembers('dan');
    await expect(summit.getByTestId('member-row')).toHaveCount(1);
    await auth.searchMembers('');
    await auth.filterMembersByRole('Administrators');
    await expect(summit.getByTestId('member-row')).toHaveCount(1);
    await expect(summit.getByTestId('member-row')).toContainText('Ada Admin');
    await auth.screenshot('admin-members-filtered');

    const own = await auth.visit('/admin/org-summit-rv');
    expect(own?.status()).toBe(200);
    const other = await auth.visit('/admin/org-lakeside-tourism');
    expect(other?.status()).toBe(403);
    // The refusal names the organization and leads to the one this person administers.
    const notice = auth.forbiddenNotice;
    await expect(notice.getByRole('heading')).toHaveText('You do not administer Lakeside Tourism Office');
    await expect(notice).toContainText('You are a member of Lakeside Tourism Office, but only its administrators see its members.');
    await auth.screenshot('admin-forbidden');
    expect(await auth.seriousAxeViolations()).toEqual([]);
    await notice.getByRole('link', { name: 'Summit RV Dealers Group' }).click();
    await auth.expectAt(/\/admin\/org-summit-rv$/);
    await expect(auth.organization('Summit RV Dealers Group').getByTestId('member-row')).toHaveCount(3);
  });

  test('a click on "Organization members" is not lost when the map moves while the page loads', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('admin');
    await expect(auth.map).toHaveAttribute('data-ready', 'true');
    // The map writes its new view into the address bar when it stops; that write used to cancel the navigation.
    await auth.openMembersPage(() => auth.zoomMapWithWheel());
    await expect(auth.heading('Organization members')).toBeVisible();
  });

  test('the members page and the organization switcher name the same organization', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.signInByRequests('admin', '/trips');
    await auth.switchOrganization('org-lakeside-tourism');

    // A link to another organization's members: the switcher moves to it.
    await auth.visit('/admin/org-summit-rv');
    await expect(auth.memberRows).toHaveCount(3);
    await expect(auth.switcher).toHaveValue('org-summit-rv');

    // The switcher changed on the members page: the page moves to that organization (one this person only belongs to).
    await auth.switchOrganization('org-lakeside-tourism');
    await auth.expectAt(/\/admin\/org-lakeside-tourism$/);
    await expect(auth.forbiddenNotice.getByRole('heading')).toHaveText('You do not administer Lakeside Tourism Office');
    await auth.screenshot('admin-follows-switcher-forbidden');
    await auth.switchOrganization('org-summit-rv');
    await auth.expectAt(/\/admin\/org-summit-rv$/);
    await expect(auth.organization('Summit RV Dealers Group').getByTestId('member-row')).toHaveCount(3);
    await auth.screenshot('admin-follows-switcher');
  });

  test('an expired access token is refreshed with the refresh token before the members are read', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.signInByRequests('admin', '/trips');
    const before = await auth.sessionToken();
    expect(before?.refreshToken).toBeTruthy();
    await auth.expireAccessToken();

    await auth.visit('/admin');
    await auth.expectAt(/\/admin$/);
    await expect(auth.memberRows).toHaveCount(3);
    const after = await auth.sessionToken();
    expect(after?.accessToken).toBeTruthy();
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after!.accessTokenExpiresAt!).toBeGreaterThan(Date.now() / 1000);
  });

  test('an administrator reads who changed the organization, and when', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.signInByRequests('admin', '/trips');
    await auth.visit('/admin/org-summit-rv');
    const summit = auth.organization('Summit RV Dealers Group');
    await summit.getByText(/^Recent changes \(\d+\)$/).click();
    const changes = summit.getByRole('list', { name: 'Recent changes in Summit RV Dealers Group' });
    await expect(changes.getByTestId('audit-entry').filter({ hasText: 'Added Dan Dealer as a member (Sales Associate)' })).toContainText('by demo seed');
    await expect(changes.getByTestId('audit-entry').last()).toContainText('Created the organization Summit RV Dealers Group');
    await auth.screenshot('admin-audit');
    expect(await auth.seriousAxeViolations()).toEqual([]);
  });

  test('a member who administers nothing gets a 403 and no link', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.signInByRequests('dealer', '/trips');
    await auth.openAccountMenu();
    await expect(auth.membersLink).toHaveCount(0);
    expect((await auth.visit('/admin'))?.status()).toBe(403);
    await expect(auth.forbiddenNotice.getByRole('heading')).toHaveText('You do not administer this organization');
    await expect(auth.forbiddenNotice.getByRole('link')).toHaveText(['Back to the map']);
  });

  test('a signed-out visitor is sent to sign in, then lands on the members page', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.visit('/admin');
    await auth.logInOnIdentityPage('admin');
    await auth.expectAt(/\/admin$/);
    await expect(auth.heading('Organization members')).toBeVisible();
  });
});

test.describe('signing out', () => {
  test('2. signing out in the app ends the identity server session too, without a second question', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('admin');
    expect(await auth.signOutEverywhere()).toEqual([]);
    expect(await auth.sessionCookieBytes()).toBe(0);

    // The identity server forgot the person too: signing in asks for the password again.
    await auth.signInButton.click();
    await auth.expectAt(/\/identity\/interaction\//);
    await expect(auth.passwordField).toBeVisible();
    await auth.screenshot('login-again-after-sign-out');
    expect(await auth.seriousAxeViolations()).toEqual([]);
    // An administrator on a shared computer: the members page too asks for the password.
    await auth.visit('/admin');
    await auth.expectAt(/\/identity\/interaction\//);
    await expect(auth.passwordField).toBeVisible();
  });

  test('2. the sign-out route for browsers without JavaScript ends both sessions the same way, without a question', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('dealer');
    expect(await auth.signOutWithPlainForm()).toEqual([]);
    expect(await auth.sessionCookieBytes()).toBe(0);
    await auth.signInButton.click();
    await auth.expectAt(/\/identity\/interaction\//);
    await expect(auth.passwordField).toBeVisible();
  });

  test('a back-channel logout from the identity server signs the app session out', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('admin');
    expect(await auth.sessionCookieBytes()).toBeGreaterThan(0);

    await auth.endIdentitySessionElsewhere();
    // The app's cookie is still in the browser; only the logout token the identity server sent can end it.
    expect(await auth.sessionCookieBytes()).toBeGreaterThan(0);
    await auth.openHome();
    await expect(auth.signInButton).toBeVisible();
    expect(await auth.sessionSummary()).toEqual({ signedIn: false });
    await auth.screenshot('signed-out-by-back-channel');
  });
});
