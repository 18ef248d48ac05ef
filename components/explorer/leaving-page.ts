'use client';

/**
 * Whether the person has just asked to leave this page (a link or a form to another path). Next's router treats any
 * `history.replaceState` as a new router action that discards a navigation still loading, so the map, which writes
 * its view into the URL whenever it stops moving, must not write in that window or the click is lost.
 */
let leaving = false;

export function isLeavingPage(): boolean {
  return leaving;
}

function leadsElsewhere(url: URL): boolean {
  return url.origin !== window.location.origin || url.pathname !== window.location.pathname;
}

function onClick(event: MouseEvent) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return;
  if (leadsElsewhere(new URL(link.href))) leaving = true;
}

function onSubmit(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  const action = (event.submitter as HTMLButtonElement | null)?.formAction || form.action;
  if (leadsElsewhere(new URL(action, window.location.href))) leaving = true;
}

/** Watches this document's links and forms (capture phase: before React's handlers start the navigation). */
export function watchLeavingPage(): () => void {
  leaving = false;
  const reset = () => (leaving = false);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  window.addEventListener('popstate', reset);
  // Back from the bfcache, or a navigation that ended on this very page.
  window.addEventListener('pageshow', reset);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    window.removeEventListener('popstate', reset);
    window.removeEventListener('pageshow', reset);
    leaving = false;
  };
}
