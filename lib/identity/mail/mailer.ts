import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up log line (an SMTP URL without its password, or the outbox folder). */
  readonly destination: string;
  close(): void;
}

export const OUTBOX_DIR = 'outbox';

function withoutPassword(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = '***';
  return url.href;
}

/**
 * The identity server's outgoing mail: through SMTP when `smtpUrl` is set, otherwise one `.eml` file a message in
 * `outboxDir` (the demo's mailbox: open the file in any mail client, or read the link in it).
 */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      destination: withoutPassword(options.smtpUrl),
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: options.outboxDir,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      fs.mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      fs.writeFileSync(path.join(options.outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
