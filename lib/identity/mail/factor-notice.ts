import { escapeHtml } from '../html';
import type { Mail } from './mailer';

export type FactorChangeNotice = 'passkey-added' | 'passkey-removed' | 'totp-enabled' | 'totp-disabled';

const CHANGES: Record<FactorChangeNotice, { subject: string; what: string }> = {
  'passkey-added': { subject: 'A passkey was added to your Trip Explorer account', what: 'A passkey was added to your Trip Explorer account' },
  'passkey-removed': { subject: 'A passkey was removed from your Trip Explorer account', what: 'A passkey was removed from your Trip Explorer account' },
  'totp-enabled': {
    subject: 'Two-factor sign-in was turned on for your Trip Explorer account',
    what: 'Two-factor sign-in with an authenticator app was turned on for your Trip Explorer account',
  },
  'totp-disabled': {
    subject: 'Two-factor sign-in was turned off for your Trip Explorer account',
    what: 'Two-factor sign-in with an authenticator app was turned off for your Trip Explorer account',
  },
};

/**
 * A notice of a second factor added or removed, to the account's address. It holds no text a person chose (no
 * name, no passkey name): only what changed, when, and the way out if it was not them, with our link only.
 */
export function factorChangedMail(to: string, change: FactorChangeNotice, at: Date, resetUrl: string): Mail {
  const { subject, what } = CHANGES[change];
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = ['Hello,', `${what} on ${when}, with the account's password.`, 'If this was you, there is nothing to do.'];
  const after =
    'If it was not you, reset your password now: a reset signs out every device and shows the second factors of the account, so that you can sign in and remove any you did not add.';
  const label = 'Reset my password';
  const text = [...lines, '', `${label}: ${resetUrl}`, '', after, '', '-- Trip Explorer'].join('\n');
  const html = `<!DOCTYPE html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1d2433">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}<p><a href="${escapeHtml(resetUrl)}" style="color:#125a49;font-weight:600">${escapeHtml(label)}</a></p><p>${escapeHtml(after)}</p><p>Trip Explorer</p></body></html>`;
  return { to, subject, text, html };
}
