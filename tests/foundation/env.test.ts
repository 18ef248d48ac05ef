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
    [{ DATABASE_URL: 'mysql://db/x' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://db/x', DATABASE_READ_URLS: 'postgres://r1/x,http://r2' }, /DATABASE_READ_URLS/],
    [{ DATABASE_READ_URLS: 'postgres://r1/x' }, /DATABASE_READ_URLS needs DATABASE_URL/],
    [{ ROAD_ROUTER: 'osrm' }, /ROAD_ROUTER/],
    [{ ROAD_ROUTER: 'pgrouting' }, /ROAD_ROUTER=pgrouting needs DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://db/x', DATABASE_REPLICA_MAX_LAG_MS: '-1' }, /DATABASE_REPLICA_MAX_LAG_MS/],
    [{ PLACES_API_TIMEOUT_MS: 'soon' }, /PLACES_API_TIMEOUT_MS/],
    [{ PLACES_API_URL: 'localhost:3000' }, /PLACES_API_URL/],
    [{ PLACES_API_ORG_CLIENTS: '[{"client_id":"x"}]' }, /PLACES_API_ORG_CLIENTS/],
    [{ PLACES_API_CLIENT_ID: 'only-the-id' }, /PLACES_API_SECRET_KEY/],
    [{ MAP_STYLE_URL: 'javascript:alert(1)' }, /MAP_STYLE_URL/],
    [{ TRIPS_AVERAGE_SPEED_KMH: 'fast' }, /TRIPS_AVERAGE_SPEED_KMH/],
    [{ TRIPS_AVERAGE_SPEED_KMH: '1000' }, /TRIPS_AVERAGE_SPEED_KMH: must be at most 300/],
    [{ NEXTAUTH_SECRET: 'short' }, /NEXTAUTH_SECRET/],
    [{ IDENTITY_ISSUER: 'nope' }, /IDENTITY_ISSUER/],
    [{ NEXTAUTH_URL: 'localhost:3000' }, /NEXTAUTH_URL/],
    [{ PLACES_SEARCH_DEADLINE_MS: '5' }, /PLACES_SEARCH_DEADLINE_MS/],
    [{ PLACES_SEARCH_DEADLINE_MS: '200000' }, /PLACES_SEARCH_DEADLINE_MS/],
    [{ PLACES_API_TIMEOUT_MS: '50' }, /PLACES_API_TIMEOUT_MS/],
    [{ PLACES_API_SECRET_KEY: 'only-the-key' }, /PLACES_API_CLIENT_ID and PLACES_API_SECRET_KEY/],
    [{ PLACES_API_ORG_CLIENTS: 'not json' }, /PLACES_API_ORG_CLIENTS/],
    [{ PLACES_API_ORG_CLIENTS: '[{"organization_id":"o","client_id":"","secret_key":"s"}]' }, /PLACES_API_ORG_CLIENTS/],
  ])('rejects %j with one clear message', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it('routes in each instance unless told to route with pgRouting (on PostgreSQL)', () => {
    expect(loadConfig({}).roadRouter).toBe('embedded');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).roadRouter).toBe('embedded');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', ROAD_ROUTER: 'pgrouting' }).roadRouter).toBe('pgrouting');
  });

  it('reads the search deadline, 1000 ms unless set', () => {
    expect(loadConfig({}).placesSearchDeadlineMs).toBe(1000);
    expect(loadConfig({ PLACES_SEARCH_DEADLINE_MS: '250' }).placesSearchDeadlineMs).toBe(250);
  });

  it('reads the Explorer\'s own URL: NEXTAUTH_URL, else the public URL', () => {
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://trips.example.com/' }).appUrl).toBe('https://trips.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com', NEXTAUTH_URL: 'https://trips.example.com/' }).appUrl).toBe('https://trips.example.com');
  });

  it('reads the Explorer\'s OpenID client: its own identity server and the demo `explorer` client unless set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://trips.example.com' }).explorerClient).toEqual({ issuer: 'https://trips.example.com/identity', clientId: 'explorer', clientSecret: null });
    expect(loadConfig({ NEXTAUTH_URL: 'https://app.example.com' }).explorerClient.issuer).toBe('https://app.example.com/identity');
    const given = loadConfig({ IDENTITY_ISSUER: 'https://id.example.com/realm/', IDENTITY_CLIENT_ID: 'web', IDENTITY_CLIENT_SECRET: 'shh' });
    expect(given.explorerClient).toEqual({ issuer: 'https://id.example.com/realm', clientId: 'web', clientSecret: 'shh' });
    expect(given.membersApiClients).toEqual(['web']);
  });

  it('reads how the Explorer calls the Place API: this server, 10 s, the demo clients unless set', () => {
    expect(loadConfig({ PORT: '4100' }).placesApi).toEqual({ url: 'http://127.0.0.1:4100', timeoutMs: 10_000, publicClient: null, orgClients: null });
    const org = { organization_id: 'org-a', organization_name: 'A', client_id: 'c1', secret_key: 's1' };
    expect(
      loadConfig({
        PLACES_API_URL: 'https://places.example.com/',
        PLACES_API_TIMEOUT_MS: '2500',
        PLACES_API_CLIENT_ID: 'public',
        PLACES_API_SECRET_KEY: 'secret',
        PLACES_API_ORG_CLIENTS: JSON.stringify([org]),
      }).placesApi,
    ).toEqual({
      url: 'https://places.example.com',
      timeoutMs: 2500,
      publicClient: { clientId: 'public', secretKey: 'secret' },
      orgClients: [{ organizationId: 'org-a', clientId: 'c1', secretKey: 's1' }],
    });
  });

  it('reads the basemap style, none (the offline basemap) unless set', () => {
    expect(loadConfig({}).mapStyleUrl).toBeNull();
    expect(loadConfig({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' }).mapStyleUrl).toBe('https://tiles.example.com/style.json');
  });

  it('reads the average speed trips are timed at, 80 km/h unless set', () => {
    expect(loadConfig({}).tripsAverageSpeedKmh).toBe(80);
    expect(loadConfig({ TRIPS_AVERAGE_SPEED_KMH: '95.5' }).tripsAverageSpeedKmh).toBe(95.5);
  });

  it('reads how many seconds of its rate a Place API client may send at once, 10 unless set', () => {
    expect(loadConfig({}).placesRateBurstSeconds).toBe(10);
    expect(loadConfig({ PLACES_RATE_BURST_SECONDS: '600' }).placesRateBurstSeconds).toBe(600);
    expect(() => loadConfig({ PLACES_RATE_BURST_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('reads how often travelers’ reviews are counted into the search order, every 30 s unless set', () => {
    expect(loadConfig({}).placesRankingSeconds).toBe(30);
    expect(loadConfig({ PLACES_RANKING_SECONDS: '300' }).placesRankingSeconds).toBe(300);
    expect(() => loadConfig({ PLACES_RANKING_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('reads the PostgreSQL settings, with replicas, the lag bound, the pool size and the memory columns', () => {
    expect(loadConfig({}).database).toBeNull();
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://app@db:5432/trips',
        DATABASE_READ_URLS: 'postgres://app@r1/trips, postgresql://app@r2/trips',
        DATABASE_REPLICA_MAX_LAG_MS: '2000',
      }).database,
    ).toEqual({ url: 'postgres://app@db:5432/trips', readUrls: ['postgres://app@r1/trips', 'postgresql://app@r2/trips'], maxReplicaLagMs: 2000, poolSize: 10, waitMs: 30_000, memoryColumns: true });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).database).toMatchObject({ readUrls: [], maxReplicaLagMs: 5000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_MEMORY_COLUMNS: 'false' }).database).toMatchObject({ memoryColumns: false });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_MEMORY_COLUMNS: 'sometimes' })).toThrow(/DATABASE_MEMORY_COLUMNS/);
  });
});
