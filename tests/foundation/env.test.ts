import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/lib/config/env';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({}, {}, '/srv/app');
    expect(config).toMatchObject({
      mode: 'production',
      demo: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('/srv/app', '.data'),
    });
  });

  it('derives the public URL from PORT and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://trips.example.com/' }).publicUrl).toBe('https://trips.example.com');
  });

  it('is a demo in development and when told so', () => {
    expect(loadConfig({}, { dev: true }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, { demo: true }).demo).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://example.com' }, /PUBLIC_URL/],
    [{ DEMO: 'maybe' }, /DEMO/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ PLACES_SEED_COUNT: '5' }, /PLACES_SEED_COUNT/],
  ])('rejects %j with one clear message', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});
