import 'server-only';
import type { IdentityCaller } from '@/lib/identity-client/call';
import { identityClientConfig } from './identity-config';

/** The Explorer's calls to the identity server's own APIs (lib/identity-client), with a signed-in person's access token. */
export function identityCaller(accessToken: string): IdentityCaller {
  return { issuer: identityClientConfig().issuer, accessToken };
}
