import type { SessionOrganization } from './types';

declare module 'next-auth' {
  interface User {
    organizations?: SessionOrganization[];
  }
  interface Session {
    organizations: SessionOrganization[];
  }
}

declare module 'next-auth/jwt' {
  /** The encrypted session cookie's content. Tokens stay here, on the server; the browser never sees them. */
  interface JWT {
    sid?: string;
    organizations?: SessionOrganization[];
    accessToken?: string;
    /** Seconds since the epoch. */
    accessTokenExpiresAt?: number;
    refreshToken?: string;
    /** Seconds since the epoch: a subject-wide back-channel logout ends sessions signed in before it. */
    signedInAt?: number;
  }
}
