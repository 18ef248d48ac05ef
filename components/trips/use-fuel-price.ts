import { useCallback, useSyncExternalStore } from 'react';
import { currencyForLocale, isFuelCurrency, type FuelCurrency } from '@/lib/trips/currency';

const PRICE_KEY = 'trip-explorer:fuel-price';
const CURRENCY_KEY = 'trip-explorer:fuel-currency';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function remember(key: string, value: string) {
  localStorage.setItem(key, value);
  listeners.forEach((l) => l());
}

function keptCurrency(): FuelCurrency {
  const kept = localStorage.getItem(CURRENCY_KEY);
  return kept && isFuelCurrency(kept) ? kept : currencyForLocale(navigator.language);
}

/** The fuel price as the traveler typed it, kept on this device (the server renders none, then the browser's shows). */
export function useFuelPrice(): [string, (text: string) => void] {
  const price = useSyncExternalStore(subscribe, () => localStorage.getItem(PRICE_KEY) ?? '', () => '');
  const setPrice = useCallback((text: string) => remember(PRICE_KEY, text), []);
  return [price, setPrice];
}

/** The currency of that price: the traveler's choice on this device, else their language's region's. */
export function useFuelCurrency(): [FuelCurrency, (currency: FuelCurrency) => void] {
  const currency = useSyncExternalStore(subscribe, keptCurrency, () => 'USD' as const);
  const setCurrency = useCallback((next: FuelCurrency) => remember(CURRENCY_KEY, next), []);
  return [currency, setCurrency];
}
