import { beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/session/organization/route';
import { forgetConfig } from '@/lib/config/runtime';
import { tempDataDir } from '../support/temp-dirs';

const APP = 'http://localhost:3998';

beforeAll(() => {
  Object.assign(process.env, {
    NEXTAUTH_URL: APP, NEXTAUTH_SECRET: 'a-test-secret-of-at-least-32-characters!', IDENTITY_CLIENT_SECRET: 'unused',
    DATA_DIR: tempDataDir('organization-switch'),
  });
  forgetConfig();
});

const post = (body: string, contentType: string) =>
  POST(new Request(`${APP}/api/session/organization`, { method: 'POST', headers: { origin: APP, 'content-type': contentType }, body }), { params: Promise.resolve({}) });

describe('POST /api/session/organization', () => {
  it('reads no more than 4 KB of the body, JSON or form: a larger one is a 413 before anything else', async () => {
    for (const [body, type] of [[JSON.stringify({ organizationId: 'x'.repeat(5000) }), 'application/json'], [`organizationId=${'x'.repeat(5000)}`, 'application/x-www-form-urlencoded']]) {
      const response = await post(body, type);
      expect(response.status, type).toBe(413);
      expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    }
  });

  it('answers a visitor 401 whatever the body says, malformed JSON included', async () => {
    for (const [body, type] of [['{"organizationId":', 'application/json'], ['organizationId=org-a', 'application/x-www-form-urlencoded']]) {
      expect((await post(body, type)).status, body).toBe(401);
    }
  });
});
