import fs from 'node:fs';
import path from 'node:path';
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

/** What a test reads the received mail through: in this process, or from another process's spool. */
export interface Mailbox {
  /** Every message so far, oldest first. */
  readonly received: ReceivedMail[];
  /**
   * The newest message to `to` (matching `subject`) received after `since` messages, waiting for it up to
   * EVENTUALLY_MS (only a message that never comes takes that long, however loaded the machine).
   */
  waitFor(to: string, subject?: RegExp, since?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

async function waitForMail(list: () => ReceivedMail[], nudge: (wake: () => void) => void, to: string, subject: RegExp = /./, since = 0): Promise<ReceivedMail> {
  const deadline = Date.now() + EVENTUALLY_MS;
  for (;;) {
    const received = list();
    const found = received.slice(since).findLast((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} (got ${received.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none'})`);
    await new Promise<void>((resolve) => {
      nudge(resolve);
      setTimeout(resolve, 200);
    });
  }
}

/**
 * A real SMTP server in this process on the port its bind gets (port 0): it accepts every message (no TLS, no login,
 * as a local relay would) and keeps it parsed, for tests to read the links in what the app sent. With `spoolDir`,
 * each message is also written there as one JSON file, for test processes other than this one (`readSpool`).
 */
export async function startSmtpServer(options: { spoolDir?: string } = {}): Promise<Mailbox & { url: string; port: number }> {
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
          const message = { to, from: mail.from?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
          received.push(message);
          // Written whole under another name, then renamed: a reader never sees half a message.
          if (options.spoolDir) {
            const file = path.join(options.spoolDir, `${String(received.length).padStart(6, '0')}.json`);
            fs.writeFileSync(`${file}.part`, JSON.stringify(message));
            fs.renameSync(`${file}.part`, file);
          }
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor: (to, subject, since) => waitForMail(() => received, (wake) => waiters.push(wake), to, subject, since),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mail an SMTP server of another process (`startSmtpServer({ spoolDir })`) received, read from its spool. */
export function readSpool(spoolDir: string): Mailbox {
  const list = () =>
    fs
      .readdirSync(spoolDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(fs.readFileSync(path.join(spoolDir, f), 'utf8')) as ReceivedMail);
  return {
    get received() {
      return list();
    },
    waitFor: (to, subject, since) => waitForMail(list, () => {}, to, subject, since),
    close: async () => {},
  };
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(prefix));
  if (!match) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return match;
}
