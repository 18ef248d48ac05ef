import 'server-only';
import { HttpError } from '@/lib/http/http-error';
import { identityRuntime } from '@/lib/identity/runtime';
import { keepsListings } from '@/lib/owners/roles';
import type { Writer } from '@/lib/reviews/explorer/service';
import { CLIENT_ADDRESS_HEADER } from '@/lib/server/client-address';
import type { Session } from './with-session';

/**
 * The signed-in person as the author of reviews: their handle is their username in the identity directory (3 to 32
 * letters, digits, dots, hyphens or underscores), read at each write.
 */
export async function writerOf(session: Session, request: Request): Promise<Writer> {
  const writer = await readerOf(session, request);
  if (!writer) throw new HttpError(401, 'unauthorized', 'Your account no longer exists: sign in again.');
  return writer;
}

/** The person reading, as writerOf has them; null for a visitor or a session that outlived its account. */
export async function readerOf(session: Session | null, request: Request): Promise<Writer | null> {
  const handle = session ? await handleOf(session) : null;
  if (!session || !handle) return null;
  return {
    id: session.userId,
    handle,
    organizationIds: session.organizations.map((o) => o.id),
    keepsListingsOf: session.organizations.filter(keepsListings).map((o) => o.id),
    // Set by the custom server for every request Next sees; a request without it did not come through that server.
    address: request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown',
  };
}

/** The signed-in person's handle; null when their account is gone (a session that outlived it). */
export async function handleOf(session: Session): Promise<string | null> {
  const runtime = identityRuntime();
  if (!runtime) throw new HttpError(503, 'unavailable', 'Reviews are not available right now: the account directory cannot be read.');
  return (await runtime.accounts.findById(session.userId))?.username ?? null;
}

/** The id of the person whose public page `/travelers/<handle>` is; null when no account has that username. */
export async function travelerByHandle(handle: string): Promise<{ id: string; handle: string } | null> {
  const user = await identityRuntime()?.accounts.findByUsername(handle);
  return user ? { id: user.id, handle: user.username } : null;
}
