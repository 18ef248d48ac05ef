import 'server-only';
import { HttpError } from '@/lib/http/http-error';
import { identityRuntime } from '@/lib/identity/runtime';
import type { Writer } from '@/lib/reviews/explorer/service';
import { CLIENT_ADDRESS_HEADER } from '@/lib/server/client-address';
import type { Session } from './with-session';

/**
 * The signed-in person as the author of reviews: their handle is their username in the identity directory (3 to 32
 * letters, digits, dots, hyphens or underscores), read at each write.
 */
export async function writerOf(session: Session, request: Request): Promise<Writer> {
  const user = await identityRuntime()?.accounts.findById(session.userId);
  if (!user) throw new HttpError(503, 'unavailable', 'Reviews are not available right now: the account directory cannot be read.');
  return {
    id: session.userId,
    handle: user.username,
    organizationIds: session.organizations.map((o) => o.id),
    // Set by the custom server for every request Next sees; a request without it did not come through that server.
    address: request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown',
  };
}

/** The id of the person whose public page `/travelers/<handle>` is; null when no account has that username. */
export async function travelerByHandle(handle: string): Promise<{ id: string; handle: string } | null> {
  const user = await identityRuntime()?.accounts.findByUsername(handle);
  return user ? { id: user.id, handle: user.username } : null;
}
