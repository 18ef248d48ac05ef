import type { ModerationNotice } from '@/lib/reviews/moderation';
import type { Accounts } from '../directory/types';
import type { Mailer } from './mailer';
import { moderationHiddenMail, moderationRestoredMail } from './messages';

/**
 * Mails the author of a review or photo what the moderators did: the reason and a link to its place's page, none of
 * the review's words.
 * `no_account` when the author deleted their account; a mail that fails throws, and the review stays as moderated.
 */
export async function tellAuthor(
  accounts: Pick<Accounts, 'findById'>,
  mailer: Mailer,
  publicUrl: string,
  subject: { authorId: string; placeId: number },
  notice: ModerationNotice,
): Promise<'mailed' | 'no_account'> {
  const author = await accounts.findById(subject.authorId);
  if (!author) return 'no_account';
  // Both are on the place's page, where their author reads the reason and may edit or delete them.
  const page = `${publicUrl}/?place=${subject.placeId}`;
  await mailer.send(notice.kind === 'hidden' ? moderationHiddenMail(author.email, page, notice.of, notice.reason) : moderationRestoredMail(author.email, page, notice.of));
  return 'mailed';
}
