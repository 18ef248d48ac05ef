import type { ModerationNotice } from '@/lib/reviews/moderation';
import type { Accounts } from '../directory/types';
import type { Mailer } from './mailer';
import { reviewHiddenMail, reviewRestoredMail } from './messages';

/**
 * Mails a review's author what the moderators did: the reason and a link to their page, none of the review's words.
 * `no_account` when the author deleted their account; a mail that fails throws, and the review stays as moderated.
 */
export async function tellAuthor(
  accounts: Pick<Accounts, 'findById'>,
  mailer: Mailer,
  publicUrl: string,
  review: { authorId: string; authorHandle: string },
  notice: ModerationNotice,
): Promise<'mailed' | 'no_account'> {
  const author = await accounts.findById(review.authorId);
  if (!author) return 'no_account';
  const page = `${publicUrl}/travelers/${encodeURIComponent(review.authorHandle)}`;
  await mailer.send(notice.kind === 'hidden' ? reviewHiddenMail(author.email, page, notice.reason) : reviewRestoredMail(author.email, page));
  return 'mailed';
}
