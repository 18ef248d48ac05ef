import { useBrowserValue } from '@/components/ui/use-browser-value';
import { useDeviceSetting } from '@/components/ui/use-device-setting';
import { currencyForLocale, isFuelCurrency, type FuelCurrency } from '@/lib/trips/currency';

/** The fuel price as the traveler typed it, kept on this device (the server renders none, then the browser's shows). */
export function useFuelPrice(): [string, (text: string) => void] {
  const [price, setPrice] = useDeviceSetting('trip-explorer:fuel-price');
  return [price ?? '', setPrice];
}

/** The currency of that price: the traveler's choice on this device, else their language's region's (US dollars on the server). */
export function useFuelCurrency(): [FuelCurrency, (currency: FuelCurrency) => void] {
  const [kept, setCurrency] = useDeviceSetting('trip-explorer:fuel-currency');
  const ofLanguage = useBrowserValue(() => currencyForLocale(navigator.language), 'USD');
  const currency = kept && isFuelCurrency(kept) ? kept : ofLanguage;
  return [currency, setCurrency];
}
