import { useCallback, useSyncExternalStore } from 'react';

const PRICE_KEY = 'trip-explorer:fuel-price';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The fuel price as the traveler typed it, kept on this device (the server renders none, then the browser's shows). */
export function useFuelPrice(): [string, (text: string) => void] {
  const price = useSyncExternalStore(subscribe, () => localStorage.getItem(PRICE_KEY) ?? '', () => '');
  const setPrice = useCallback((text: string) => {
    localStorage.setItem(PRICE_KEY, text);
    listeners.forEach((l) => l());
  }, []);
  return [price, setPrice];
}
