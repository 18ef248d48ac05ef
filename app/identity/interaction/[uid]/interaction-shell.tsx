export function InteractionShell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-full items-start justify-center bg-brand-50 px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <p className="mb-4 text-center text-lg font-semibold text-brand-700">Trip Explorer</p>
        <section aria-labelledby="interaction-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
          <h1 id="interaction-title" className="mb-4 text-xl font-semibold text-ink">
            {title}
          </h1>
          {children}
        </section>
      </div>
    </main>
  );
}

export const buttonPrimary =
  'w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink sm:w-auto';
export const buttonSecondary =
  'w-full rounded-lg border border-brand-600 bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink sm:w-auto';
