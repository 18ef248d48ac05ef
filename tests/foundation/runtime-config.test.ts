import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@/lib/config/env';
import { appConfig, forgetConfig, publishConfig } from '@/lib/config/runtime';

afterEach(() => {
  delete process.env.MAP_STYLE_URL;
  forgetConfig();
});

describe('the configuration code reads at run time', () => {
  it('is the environment, read once on first use, until forgotten', () => {
    process.env.MAP_STYLE_URL = 'https://tiles.example.com/a.json';
    forgetConfig();
    expect(appConfig().mapStyleUrl).toBe('https://tiles.example.com/a.json');
    process.env.MAP_STYLE_URL = 'https://tiles.example.com/b.json';
    expect(appConfig().mapStyleUrl).toBe('https://tiles.example.com/a.json');
    forgetConfig();
    expect(appConfig().mapStyleUrl).toBe('https://tiles.example.com/b.json');
  });

  it('is the one the server published, command-line switches included', () => {
    const started = loadConfig({ NODE_ENV: 'production' }, { demo: true });
    publishConfig(started);
    expect(appConfig()).toBe(started);
    expect(appConfig().demo).toBe(true);
  });
});
