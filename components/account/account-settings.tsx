'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { changeEmail, changeName, changePassword, sendConfirmationAgain, signOutOtherSessions, type AccountActionResult } from '@/lib/auth/account-actions';
import { deleteAccount } from '@/lib/trips/delete-account';
import type { AccountView } from '@/lib/identity-client/account';
import { LocalTime } from '@/components/ui/local-time';
import { Passkeys } from './passkeys';
import { TwoFactor } from './two-factor';
import { PERSON_NAME_MAX } from '@/lib/identity/person-name';

const field =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
const primary =
  'rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';
const quiet =
  'rounded-md px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';
const danger =
  'rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';

function useAction() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<AccountActionResult | null>(null);
  const run = (action: () => Promise<AccountActionResult>, after?: (r: AccountActionResult) => void) =>
    start(async () => {
      const answer = await action().catch((): AccountActionResult => ({ ok: false, message: 'That did not work. Reload the page and try again.' }));
      setResult(answer);
      after?.(answer);
      if (answer.ok) router.refresh();
    });
  return { pending, result, run };
}

function Message({ result }: { result: AccountActionResult | null }) {
  if (!result) return null;
  return (
    <p role={result.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${result.ok ? 'text-brand-700' : 'text-red-800'}`}>
      {result.message}
    </p>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Input({ label, ...props }: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input id={id} className={field} {...props} />
    </div>
  );
}

function NameForm({ account }: { account: AccountView }) {
  const { pending, result, run } = useAction();
  const [given, setGiven] = useState(account.givenName);
  const [family, setFamily] = useState(account.familyName);
  return (
    <form className="space-y-3" onSubmit={(e) => (e.preventDefault(), run(() => changeName(given, family)))}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Input label="First name" value={given} onChange={(e) => setGiven(e.target.value)} autoComplete="given-name" maxLength={PERSON_NAME_MAX} required />
        <Input label="Last name" value={family} onChange={(e) => setFamily(e.target.value)} autoComplete="family-name" maxLength={PERSON_NAME_MAX} />
      </div>
      <button type="submit" disabled={pending} className={primary}>
        Save name
      </button>
      <Message result={result} />
    </form>
  );
}

/** A new confirmation link, for an address whose link was lost or ran out. */
function ConfirmationAgain() {
  const { pending, result, run } = useAction();
  return (
    <div>
      <button type="button" disabled={pending} onClick={() => run(sendConfirmationAgain)} className={quiet}>
        Send the confirmation link again
      </button>
      <Message result={result} />
    </div>
  );
}

function EmailForm({ account }: { account: AccountView }) {
  const { pending, result, run } = useAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Now: <strong className="text-ink">{account.email}</strong>{' '}
        {account.emailVerified ? <span className="text-brand-700">(confirmed)</span> : <span className="text-red-800">(not confirmed yet: open the link we sent)</span>}
      </p>
      {account.emailVerified ? null : <ConfirmationAgain />}
      <form className="space-y-3" onSubmit={(e) => (e.preventDefault(), run(() => changeEmail(email, password), (r) => r.ok && (setEmail(''), setPassword(''))))}>
        <Input label="New e-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
        <Input label="Current password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
        <button type="submit" disabled={pending} className={primary}>
          Change e-mail
        </button>
        <Message result={result} />
      </form>
    </div>
  );
}

function PasswordForm() {
  const { pending, result, run } = useAction();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  return (
    <form className="space-y-3" onSubmit={(e) => (e.preventDefault(), run(() => changePassword(current, next), (r) => r.ok && (setCurrent(''), setNext(''))))}>
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <Input label="Current password" type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" required />
      <Input label="New password" type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" required minLength={10} />
      <p className="text-xs text-slate-600">At least 10 characters. A few unrelated words make a good one; common passwords are refused.</p>
      <button type="submit" disabled={pending} className={primary}>
        Change password
      </button>
      <Message result={result} />
    </form>
  );
}

function Sessions({ account }: { account: AccountView }) {
  const { pending, result, run } = useAction();
  const others = account.sessions.filter((s) => !s.current).length;
  return (
    <div>
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Active sessions">
        {account.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2" data-testid="account-session">
            <span className="font-medium text-ink">{session.device ?? 'Unknown browser'}</span>
            {session.current ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">This browser</span> : null}
            <span className="basis-full text-slate-600">
              {(session.apps.length ? session.apps : session.clients).join(', ') || 'No app yet'} · signed in <LocalTime iso={session.signedInAt} />
            </span>
          </li>
        ))}
      </ul>
      <button type="button" disabled={pending || others === 0} onClick={() => run(signOutOtherSessions)} className={`${primary} mt-3`}>
        Sign out other sessions ({others})
      </button>
      <Message result={result} />
    </div>
  );
}

function DeleteAccount({ account }: { account: AccountView }) {
  const router = useRouter();
  const { pending, result, run } = useAction();
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => deleteAccount(password), (r) => r.ok && router.push('/'));
      }}
    >
      <p className="text-sm text-slate-700">
        This deletes {account.username}, your memberships, every trip you own, and your reviews, photos and comments. It cannot be undone.
      </p>
      <Input label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> I understand my account and trips are deleted for good
      </label>
      <button type="submit" disabled={pending || !sure} className={danger}>
        Delete my account
      </button>
      <Message result={result} />
    </form>
  );
}

/** Name, e-mail, password, sessions and deletion of the signed-in person's account. */
export function AccountSettings({ account }: { account: AccountView }) {
  return (
    <div className="space-y-6">
      <Section title="Name">
        <NameForm account={account} />
      </Section>
      <Section title="E-mail">
        <EmailForm account={account} />
      </Section>
      <Section title="Password">
        <PasswordForm />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactor account={account} />
      </Section>
      <Section title="Passkeys">
        <Passkeys account={account} />
      </Section>
      <Section title="Active sessions">
        <Sessions account={account} />
      </Section>
      <Section title="Delete account">
        <DeleteAccount account={account} />
      </Section>
    </div>
  );
}
