'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { SignOutForm } from './sign-out-form';

function initials(name: string | null, email: string | null): string {
  const source = name?.trim() || email || '?';
  const words = source.split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[words.length - 1][0] : source.slice(0, 2)).toUpperCase();
}

/** The signed-in person's menu: who they are, the members page for administrators, and sign-out everywhere. */
export function AccountMenu({
  name,
  email,
  administers,
  exploringAs,
  children,
}: {
  name: string | null;
  email: string | null;
  administers: boolean;
  /** "Summit RV Dealers Group · Administrator", or null for someone with no organization. */
  exploringAs: string | null;
  /** Extra controls at the top of the menu (the organization switcher on phones). */
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full py-0.5 pr-2 pl-0.5 text-sm text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
          {initials(name, email)}
        </span>
        <span className="hidden max-w-40 truncate md:inline">{name ?? email ?? 'Account'}</span>
        <span className="sr-only md:hidden">Account menu</span>
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-lg"
        >
          <div className="border-b border-slate-100 px-2 pt-1 pb-2">
            <p className="truncate font-medium text-ink">{name ?? 'Signed in'}</p>
            {email ? <p className="truncate text-slate-600">{email}</p> : null}
            <p className="mt-1 text-xs text-slate-600">{exploringAs ? `Exploring as ${exploringAs}` : 'Exploring with public data'}</p>
          </div>
          {children}
          <Link href="/trips" className="mt-1 block rounded px-2 py-1.5 text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
            My trips
          </Link>
          <Link href="/account" className="mt-1 block rounded px-2 py-1.5 text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
            Account settings
          </Link>
          {administers ? (
            <Link href="/admin" className="mt-1 block rounded px-2 py-1.5 text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
              Organization members
            </Link>
          ) : null}
          <SignOutForm />
        </div>
      ) : null}
    </div>
  );
}
