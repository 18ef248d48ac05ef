import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * A setting kept on this device (`localStorage`), the same in every tab: the server renders `inServerRender`, then the
 * browser's own shows. `null` from the setter forgets it.
 */
export function useDeviceSetting(key: string, inServerRender: string | null = null): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(subscribe, () => localStorage.getItem(key), () => inServerRender);
  const set = useCallback(
    (next: string | null) => {
      if (next === null) localStorage.removeItem(key);
      else localStorage.setItem(key, next);
      listeners.forEach((l) => l());
    },
    [key],
  );
  return [value, set];
}
