import { useBrowserValue } from '@/components/ui/use-browser-value';
import { useDeviceSetting } from '@/components/ui/use-device-setting';
import { currencyForLocale, isFuelCurrency, type FuelCurrency } from '@/lib/trips/currency';
import { fuelPriceIn, type FuelUnit } from '@/lib/trips/fuel';

/**
 * The fuel price per `unit`, kept on this device as the traveler typed it with the unit they typed it in (the server
 * renders none, then the browser's shows): typed per gallon and read per litre, it is converted, not relabelled.
 */
export function useFuelPrice(unit: FuelUnit): [string, (text: string) => void] {
  const [price, setPrice] = useDeviceSetting('trip-explorer:fuel-price');
  const [typedIn, setTypedIn] = useDeviceSetting('trip-explorer:fuel-price-unit');
  const from: FuelUnit = typedIn === 'L' || typedIn === 'gal' ? typedIn : unit;
  const set = (text: string) => {
    setTypedIn(unit);
    setPrice(text);
  };
  return [fuelPriceIn(price ?? '', from, unit), set];
}

/** The currency of that price: the traveler's choice on this device, else their language's region's (US dollars on the server). */
export function useFuelCurrency(): [FuelCurrency, (currency: FuelCurrency) => void] {
  const [kept, setCurrency] = useDeviceSetting('trip-explorer:fuel-currency');
  const ofLanguage = useBrowserValue(() => currencyForLocale(navigator.language), 'USD');
  const currency = kept && isFuelCurrency(kept) ? kept : ofLanguage;
  return [currency, setCurrency];
}
