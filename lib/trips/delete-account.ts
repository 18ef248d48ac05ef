'use server';

import { boundedText, callAsSignedIn, type AccountActionResult } from '@/lib/auth/account-call';
import { clearSessionCookie, readAuthState } from '@/lib/auth/session-state';
import { logger } from '@/lib/core/logger';
import { reviewStore } from '@/lib/reviews/store-registry';
import { deleteTripsOwnedBy } from './delete-owned';
import { tripStore } from './store-registry';

/**
 * Deletes the account at the identity server (which checks the password), then the trips it owned and its default
 * rig, its reviews and comments, then the cookie.
 */
export async function deleteAccount(password: string): Promise<AccountActionResult> {
  const { token } = await readAuthState();
  const result = await callAsSignedIn('', 'DELETE', { password: boundedText(password) }, 'Your account is deleted.');
  if (!result.ok || !token?.sub) return result;
  try {
    const store = tripStore();
    const trips = await deleteTripsOwnedBy(store, token.sub);
    const defaultVehicle = await store.deleteDefaultVehicle(token.sub);
    logger.info('account deleted with its trips', { sub: token.sub, trips, defaultVehicle });
  } catch (err) {
    logger.error('account deleted but its trips were not', { sub: token.sub, error: (err as Error).message });
  }
  try {
    const removed = await reviewStore().deleteByAuthor(token.sub);
    logger.info('account deleted with its reviews', { sub: token.sub, ...removed });
  } catch (err) {
    logger.error('account deleted but its reviews were not', { sub: token.sub, error: (err as Error).message });
  }
  await clearSessionCookie();
  return result;
}
