import { formatCount } from '@/lib/explorer/intl-cache';

/** "Previous" and "Next" between the pages of the results, and which page this is. */
export function ResultPages({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Result pages" className="flex items-center justify-between gap-2 px-4 py-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-40">
        ← Previous
      </button>
      <span className="text-slate-600">
        Page {page} of {formatCount(pages)}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-40">
        Next →
      </button>
    </nav>
  );
}
