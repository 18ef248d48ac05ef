import { describe, expect, it } from 'vitest';
import { linkProblemPage } from '@/lib/identity/self-service/pages';

const buttons = (html: string) => [...html.matchAll(/<a class="button (\w+)" href="([^"]+)">([^<]+)<\/a>/g)].map(([, kind, href, label]) => `${kind} ${label} ${href}`);

describe('the page for a link that can no longer be used', () => {
  it('says how to get a new link of its kind, with each way out once', () => {
    const invitation = linkProblemPage('used', 'invitation');
    expect(invitation).toContain('Ask the person who invited you for a new invitation.');
    expect(buttons(invitation)).toEqual(['primary Back to Trip Explorer /']);

    const confirmation = linkProblemPage('expired', 'confirmation');
    expect(confirmation).toContain('choose Send the confirmation link again');
    expect(buttons(confirmation)).toEqual(['primary Open your account settings /account', 'secondary Back to Trip Explorer /']);

    const reset = linkProblemPage('unknown', 'password reset');
    expect(buttons(reset)).toEqual(['primary Ask for a new link /identity/forgot-password', 'secondary Back to Trip Explorer /']);
  });
});
