import { startRegistration } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { addPasskey, passkeyOptions, removePasskey } from '@/lib/auth/account-actions';
import type { FactorOutcome } from './factor-message';

/**
 * Adding a passkey (the identity server's options, the browser creates it, the identity server checks it) and
 * removing one, both with the current password typed once for them.
 */
export function usePasskeyChanges() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<FactorOutcome | null>(null);

  const needPassword = () => {
    if (password) return false;
    setMessage({ ok: false, text: 'Enter your current password first: adding or removing a passkey asks for it.' });
    return true;
  };

  const add = () =>
    start(async () => {
      setMessage(null);
      if (needPassword()) return;
      const options = await passkeyOptions(password);
      if (!options.ok) return setMessage({ ok: false, text: options.message });
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options.options as never });
      } catch (err) {
        return setMessage({ ok: false, text: (err as Error).name === 'NotAllowedError' ? 'No passkey was created.' : (err as Error).message });
      }
      const added = await addPasskey(response, name || 'Passkey', password);
      setMessage({ ok: added.ok, text: added.message });
      if (added.ok) {
        setName('');
        setPassword('');
        router.refresh();
      }
    });

  const remove = (passkeyId: string) =>
    start(async () => {
      if (needPassword()) return;
      const r = await removePasskey(passkeyId, password);
      setMessage({ ok: r.ok, text: r.message });
      if (r.ok) {
        setPassword('');
        router.refresh();
      }
    });

  return { name, setName, password, setPassword, pending, message, add, remove };
}
