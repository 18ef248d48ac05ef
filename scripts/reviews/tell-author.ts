import type { AppConfig } from '@/lib/config/env';
import type { DataDir } from '@/lib/core/data-dir';
import { openIdentityDirectory } from '@/lib/identity/directory';
import { createMailer, OUTBOX_DIR } from '@/lib/identity/mail/mailer';
import { tellAuthor } from '@/lib/identity/mail/moderation-notice';
import type { ModerationNotice } from '@/lib/reviews/moderation';
import type { Review } from '@/lib/reviews/store/types';

export type { ModerationNotice };

export interface AuthorMail {
  /** Mails the review's author what moderators did; returns the line the command prints. */
  tell(review: Review, notice: ModerationNotice): Promise<string>;
  close(): Promise<void>;
}

/**
 * The moderation command's mail to authors: their address from the identity directory (PostgreSQL with DATABASE_URL,
 * else DATA_DIR/identity.sqlite), sent as the identity server sends its mail (SMTP_URL, else .eml files in the
 * data directory's outbox).
 */
export async function openAuthorMail(config: AppConfig, dataDir: Pick<DataDir, 'file'>): Promise<AuthorMail> {
  const directory = await openIdentityDirectory(config, dataDir);
  const mailer = createMailer({ ...config.mail, outboxDir: dataDir.file(OUTBOX_DIR) });
  return {
    async tell(review, notice) {
      const told = await tellAuthor(directory.accounts, mailer, config.publicUrl, review, notice);
      return told === 'mailed' ? `its author was told by e-mail (${mailer.destination})` : 'its author has no account any more: nobody was told';
    },
    async close() {
      mailer.close();
      await directory.close();
    },
  };
}
