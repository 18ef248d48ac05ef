import 'server-only';
import { cookies, headers } from 'next/headers';
import type { Units } from './geo';
import { preferredUnits, UNITS_COOKIE } from './units-preference';

/** This request's units: the person's saved choice, else their browser's language (units-preference.ts). */
export async function requestUnits(): Promise<Units> {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  return preferredUnits(jar.get(UNITS_COOKIE)?.value, requestHeaders.get('accept-language'));
}
