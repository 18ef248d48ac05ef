import 'server-only';
import { HttpError } from '@/lib/http/http-error';
import { claimCodeMail } from '@/lib/identity/mail/messages';
import { identityRuntime } from '@/lib/identity/runtime';
import type { ClaimCodeDeps } from '@/lib/owners/claim-code';
import { ownerDeps } from '@/lib/owners/store-registry';

/** The owners' stores with the identity server's mailer, to send a claim's code to the place's address. */
export function claimCodeDeps(): ClaimCodeDeps {
  const runtime = identityRuntime();
  if (!runtime) throw new HttpError(503, 'unavailable', 'Codes cannot be sent right now: the mail is not available.');
  return { ...ownerDeps(), mailCode: (to, code, organization, minutes) => runtime.mailer.send(claimCodeMail(to, code, organization, minutes)) };
}
