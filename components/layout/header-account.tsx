import { AccountControls } from '@/components/auth/account-controls';
import { readAuthState } from '@/lib/auth/session-state';
import { summarizeSession } from '@/lib/auth/session-summary';

/** Sign-in, the organization switcher and the account menu, rendered on the server from the session cookie. */
export async function HeaderAccount() {
  return <AccountControls summary={await summarizeSession(await readAuthState())} />;
}
