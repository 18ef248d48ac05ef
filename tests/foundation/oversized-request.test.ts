import { describe, expect, it } from 'vitest';
import { startApiServer } from '../support/test-server';

// A seeded server's start: as long as it takes on a loaded machine.
describe('a request larger than Node accepts', { timeout: 120_000 }, () => {
  it('gets a JSON 431 in the API error shape, not an empty body', async () => {
    const app = await startApiServer();
    try {
      const res = await fetch(`${app.url}/api/v2/search?name=${'a'.repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({ error: { code: 'request_too_large', message: expect.any(String) } });
    } finally {
      await app.close();
    }
  });
});
