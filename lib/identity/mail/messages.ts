import { escapeHtml } from '../html';
import type { Mail } from './mailer';

/** A short message with one link: plain text first, and the same words as simple HTML. */
function linkMail(to: string, subject: string, lines: string[], link: { label: string; url: string }, after: string): Mail {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', after, '', '-- Trip Explorer'].join('\n');
  const html = `<!DOCTYPE html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1d2433">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}<p><a href="${escapeHtml(link.url)}" style="color:#125a49;font-weight:600">${escapeHtml(link.label)}</a></p><p>${escapeHtml(after)}</p><p>Trip Explorer</p></body></html>`;
  return { to, subject, text, html };
}

/*
 * No mail carries free text a person chose (a username, a note): the address it goes to may be anyone's, typed at
 * sign-up, at an e-mail change or in an invitation, and such text can hold a line break and a link. The greeting is
 * generic and the only link is ours. An organization's name and its roles are chosen by the operator (`npm run
 * identity -- organizations`); an inviter's name only when it reads as a name (mail-safe-name.ts).
 */

export function verificationMail(to: string, url: string, hours: number): Mail {
  return linkMail(
    to,
    'Confirm your e-mail address for Trip Explorer',
    ['Hello,', 'Please confirm that this is your e-mail address for your Trip Explorer account.'],
    { label: 'Confirm my e-mail address', url },
    `The link works once and expires in ${hours} hours. If you did not ask for this, ignore this message.`,
  );
}

export function passwordResetMail(to: string, url: string, minutes: number): Mail {
  return linkMail(
    to,
    'Reset your Trip Explorer password',
    ['Hello,', 'Someone (we hope you) asked to reset the password of your Trip Explorer account.'],
    { label: 'Choose a new password', url },
    `The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this message: your password stays as it is.`,
  );
}

/** `inviter`: the administrator's name, null when it is not mail-safe; `as`: "Service Advisor", "an administrator". */
export function invitationMail(to: string, invitation: { organization: string; inviter: string | null; as: string }, url: string, days: number): Mail {
  const { organization, inviter, as } = invitation;
  return linkMail(
    to,
    `Trip Explorer invites you to ${organization}`,
    ['Hello,', `${inviter ?? `An administrator of ${organization}`} invites you to join ${organization} on Trip Explorer as ${as}.`],
    { label: 'Accept the invitation', url },
    `The link works once and expires in ${days} days. It is for this address: join with the account that uses it, or create one with it from the link.`,
  );
}

/** To the author of a review or photo the site's moderators hid, with their reason. */
export function moderationHiddenMail(to: string, url: string, of: 'review' | 'photo', reason: string): Mail {
  const shown = of === 'review' ? 'other travelers and the places’ pages no longer show it' : 'the place’s page and the Place API no longer show it';
  return linkMail(
    to,
    `Your Trip Explorer ${of} was hidden`,
    ['Hello,', `The site’s moderators hid one of your ${of}s: ${shown}.`, `The reason: ${reason}`],
    { label: 'See the place', url },
    of === 'review'
      ? 'You still see it on the place’s page, with the reason, and may edit or delete it there; if you think this is a mistake, tell the site’s operators.'
      : 'You still see it under the place’s photos, with the reason, and may remove it there; if you think this is a mistake, tell the site’s operators.',
  );
}

/** To the author of a review or photo the moderators show again. */
export function moderationRestoredMail(to: string, url: string, of: 'review' | 'photo'): Mail {
  return linkMail(
    to,
    `Your Trip Explorer ${of} is shown again`,
    ['Hello,', `The site’s moderators looked at your ${of} again: other travelers and the place’s page show it again.`],
    { label: 'See the place', url },
    'Thank you for sharing it.',
  );
}

/** To the member who claimed a place for their organization, once a moderator answered; a refusal with its reason. */
export function claimAnsweredMail(to: string, url: string, claim: { organization: string; approved: boolean; reason: string | null }): Mail {
  const lines = claim.approved
    ? ['Hello,', `The site’s moderators approved your claim: ${claim.organization} keeps the place from now on, and its keepers may edit its listing.`]
    : ['Hello,', `The site’s moderators refused your claim of a place for ${claim.organization}.`, `The reason: ${claim.reason ?? 'none given'}`];
  return linkMail(
    to,
    claim.approved ? 'Your claim of a place was approved' : 'Your claim of a place was refused',
    lines,
    { label: 'See the place', url },
    claim.approved ? 'Open the place and choose “Edit this listing” in its Listing section.' : 'Your organization’s list of places shows the answer too. If you think this is a mistake, tell the site’s operators.',
  );
}

/**
 * To a place's own address: an organization asks to keep its listing, and this code proves that the place agrees.
 * No link: the code is typed where the claim was made, by whoever reads this mailbox.
 */
export function claimCodeMail(to: string, code: string, organization: string, minutes: number): Mail {
  const lines = [
    'Hello,',
    `${organization} asks to keep this place’s listing on Trip Explorer (its hours, closures, contact and services), and gave this address as the place’s own.`,
    `If you work with ${organization}, give them this code, or type it where the claim was made: ${code}`,
    `The code holds for ${minutes} minutes. If you do not know ${organization}, ignore this message: nothing changes without the code.`,
  ];
  const text = [...lines, '', '-- Trip Explorer'].join('\n');
  const html = `<!DOCTYPE html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1d2433">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>Trip Explorer</p></body></html>`;
  return { to, subject: `Your code for ${organization}’s claim on Trip Explorer: ${code}`, text, html };
}
