import type { InteractionView } from '@/lib/identity/runtime';
import { buttonPrimary, buttonSecondary, InteractionShell } from './interaction-shell';
import { PasskeyButton } from './passkey-button';

const input =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500';

export function LoginForm({ view, error, login }: { view: InteractionView; error?: string; login: string }) {
  return (
    <InteractionShell title="Sign in">
      <p className="mb-6 text-sm text-slate-600">
        to continue to <strong className="text-ink">{view.clientName}</strong>
      </p>
      {error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      ) : null}
      <form method="post" action={`/identity/interaction/${view.uid}/login`} className="space-y-4">
        <input type="hidden" name="csrf" value={view.csrf} />
        <div>
          <label htmlFor="login" className="block text-sm font-medium text-ink">
            Username or e-mail
          </label>
          <input id="login" name="login" type="text" autoComplete="username" required autoFocus={!login} defaultValue={login} className={input} />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-medium text-ink">
            Password
          </label>
          <input id="password" name="password" type="password" autoComplete="current-password" required autoFocus={Boolean(login)} className={input} />
        </div>
        <button type="submit" className={buttonPrimary}>
          Sign in
        </button>
      </form>
      <PasskeyButton uid={view.uid} csrf={view.csrf} />
      <p className="mt-4 text-sm">
        <a href="/identity/forgot-password" className="font-medium text-brand-700 underline hover:text-ink">
          Forgot your password?
        </a>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        New here?{' '}
        <a href={`/identity/signup?return=${encodeURIComponent(`/identity/interaction/${view.uid}`)}`} className="font-medium text-brand-700 underline hover:text-ink">
          Create an account
        </a>
      </p>
      <form method="post" action={`/identity/interaction/${view.uid}/abort`} className="mt-3">
        <input type="hidden" name="csrf" value={view.csrf} />
        <button type="submit" className={buttonSecondary}>
          Cancel
        </button>
      </form>
    </InteractionShell>
  );
}
