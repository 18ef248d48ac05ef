import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { EVENTUALLY_MS } from './wait';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server in this process on a free loopback port: it accepts every message (no TLS, no login, as a
 * local relay would) and keeps it parsed, for tests to read the links in what the app sent.
 */
export async function startSmtpServer(listenPort = 0) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          received.push({ to, from: mail.from?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  /**
   * The newest message to `to` (matching `subject`) received after `since` messages, waiting for it up to
   * EVENTUALLY_MS (only a message that never comes takes that long, however loaded the machine).
   */
  async function waitFor(to: string, subject: RegExp = /./, since = 0): Promise<ReceivedMail> {
    const deadline = Date.now() + EVENTUALLY_MS;
    for (;;) {
      const found = received.slice(since).findLast((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} (got ${received.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none'})`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(prefix));
  if (!match) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return match;
}
