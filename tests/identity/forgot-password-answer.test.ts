// Issue 35: "forgot-password answers faster for unknown addresses". The answer comes after the same work for every
// address: the lookup, the link and the mail happen after it. Shown without a clock: with a mail transport that never
// answers, a known address is answered all the same, with the very page an unknown one gets.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startApiServer, type App } from './support';

/** An SMTP server that takes connections and never says a word: nodemailer waits for its greeting. */
async function startSilentSmtp() {
  const sockets = new Set<net.Socket>();
  const waiting: (() => void)[] = [];
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    waiting.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves at the next connection (a mail on its way). */
    nextConnection: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let app: App;
let smtp: Awaited<ReturnType<typeof startSilentSmtp>>;

beforeAll(async () => {
  smtp = await startSilentSmtp();
  app = await startApiServer({ mail: { smtpUrl: smtp.url, from: 'Trip Explorer <no-reply@example.test>' } });
});
afterAll(async () => {
  await smtp?.close();
  await app?.close();
});

describe('forgot-password', () => {
  it('answers a known address like an unknown one without waiting for the mail transport', async () => {
    const browser = new Browser(app);
    const ask = async (email: string) => {
      const page = await browser.fetch('/identity/forgot-password');
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];
      const res = await browser.postForm('/identity/forgot-password', { csrf, email });
      return { status: res.status, text: (await res.text()).replaceAll(email, 'EMAIL') };
    };
    const unknown = await ask('nobody.here@example.com');
    const mailing = smtp.nextConnection();
    const known = await ask('tess.traveler@example.com');
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    // The known address's mail did set off, after the answer, and its transport still has not answered.
    await mailing;
  });
});
