import { hoursFromOsm } from '@/lib/places/osm/opening-hours';
for (const v of ['Apr-Oct: 08:00-20:00', 'May 15-Sep 30: 09:00-17:00', 'Mo-Fr 08:00-17:00'])
  console.log(v, JSON.stringify(hoursFromOsm(v, { country: 'US', state: 'Utah', today: '2026-11-29' }).closures));
