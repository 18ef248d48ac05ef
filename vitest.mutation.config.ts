// The suites that guard the security-critical modules, for `npm run test:mutation` (stryker.config.mjs): no
// PostgreSQL servers, so each mutant's run starts in seconds. (Vite's mergeConfig would concatenate `include`.)
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    globalSetup: [],
    include: [
      'tests/places/hmac.test.ts',
      'tests/places/api.test.ts',
      'tests/hardening/rate-limit.test.ts',
      'tests/identity/throttle.test.ts',
      'tests/identity/account-lockout.test.ts',
      'tests/identity/throttle-behind-proxy.test.ts',
      'tests/auth/logout-token.test.ts',
      'tests/auth/backchannel-logout-route.test.ts',
      'tests/auth/same-origin.test.ts',
      'tests/foundation/secret-box.test.ts',
      'tests/foundation/client-address.test.ts',
      'tests/foundation/visitor-limit.test.ts',
      'tests/security/**/*.test.ts',
    ],
  },
});
