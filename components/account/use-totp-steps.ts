import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { confirmTotp, disableTotp, startTotp, type TotpStart } from '@/lib/auth/account-actions';
import type { FactorOutcome } from './factor-message';

export type TotpEnrollment = Extract<TotpStart, { ok: true }>;

/**
 * The state of turning TOTP on (password, then the first code, then the recovery codes shown once) or off (password),
 * and the calls to the identity server each step makes.
 */
export function useTotpSteps() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<FactorOutcome | null>(null);

  const turnOff = () =>
    start(async () => {
      const r = await disableTotp(password);
      setMessage({ ok: r.ok, text: r.message });
      if (r.ok) {
        setPassword('');
        router.refresh();
      }
    });

  const begin = () =>
    start(async () => {
      const r = await startTotp(password);
      setMessage(r.ok ? null : { ok: false, text: r.message });
      if (r.ok) setEnrollment(r);
    });

  const confirm = () =>
    start(async () => {
      const r = await confirmTotp(code, password);
      // A right code clears what a wrong one said: the message must not follow the person to the next step.
      setMessage(r.ok ? null : { ok: false, text: r.message });
      if (r.ok) {
        setPassword('');
        setCodes(r.recoveryCodes);
      }
    });

  const codesSaved = () => (setCodes(null), router.refresh());

  return { pending, enrollment, codes, code, setCode, password, setPassword, message, turnOff, begin, confirm, codesSaved };
}
