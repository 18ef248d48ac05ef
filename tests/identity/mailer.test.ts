import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '@/lib/identity/mail/mailer';
import { verificationMail } from '@/lib/identity/mail/messages';
import { startSmtpServer } from '../support/smtp';
import { tempDataDir } from '../support/test-server';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe('the identity mailer', () => {
  it('sends through SMTP_URL to a real SMTP server', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Trip Explorer <no-reply@example.test>', outboxDir: '/nonexistent' });
    await mailer.send(verificationMail('mia@example.com', 'http://localhost/identity/verify-email?token=abc', 24));
    mailer.close();
    const mail = await smtp.waitFor('mia@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address for Trip Explorer');
    expect(mail.from).toContain('no-reply@example.test');
    expect(mail.text).toContain('http://localhost/identity/verify-email?token=abc');
    expect(mail.html).toContain('href="http://localhost/identity/verify-email?token=abc"');
  });

  it('writes one .eml file a message to the outbox without SMTP_URL, readable by the owner only', async () => {
    const outbox = path.join(tempDataDir('outbox'), 'outbox');
    const mailer = createMailer({ smtpUrl: null, from: 'Trip Explorer <no-reply@example.test>', outboxDir: outbox });
    expect(mailer.destination).toBe(outbox);
    await mailer.send(verificationMail('ben@example.com', 'http://localhost/identity/verify-email?token=xyz', 24));
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(fs.statSync(path.join(outbox, files[0])).mode & 0o777).toBe(0o600);
    const eml = await simpleParser(fs.readFileSync(path.join(outbox, files[0])));
    expect(eml.to && !Array.isArray(eml.to) ? eml.to.text : '').toBe('ben@example.com');
    expect(eml.subject).toBe('Confirm your e-mail address for Trip Explorer');
    expect(eml.text).toContain('http://localhost/identity/verify-email?token=xyz');
  });

  it('hides the SMTP password in what it logs', () => {
    const mailer = createMailer({ smtpUrl: 'smtp://user:secret@mail.example.test:587', from: 'x@example.test', outboxDir: '/x' });
    expect(mailer.destination).not.toContain('secret');
    mailer.close();
  });
});
