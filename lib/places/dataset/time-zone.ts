/** An IANA zone for a point: by country, split by longitude for the large multi-zone countries. */
const SINGLE: Record<string, string> = {
  GB: 'Europe/London', IE: 'Europe/Dublin', FR: 'Europe/Paris', DE: 'Europe/Berlin', ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon', IT: 'Europe/Rome', NL: 'Europe/Amsterdam', BE: 'Europe/Brussels', CH: 'Europe/Zurich',
  AT: 'Europe/Vienna', PL: 'Europe/Warsaw', CZ: 'Europe/Prague', SE: 'Europe/Stockholm', NO: 'Europe/Oslo',
  DK: 'Europe/Copenhagen', FI: 'Europe/Helsinki', GR: 'Europe/Athens', TR: 'Europe/Istanbul', UA: 'Europe/Kyiv',
  RO: 'Europe/Bucharest', HU: 'Europe/Budapest', JP: 'Asia/Tokyo', KR: 'Asia/Seoul', CN: 'Asia/Shanghai',
  IN: 'Asia/Kolkata', PK: 'Asia/Karachi', BD: 'Asia/Dhaka', TH: 'Asia/Bangkok', VN: 'Asia/Ho_Chi_Minh',
  PH: 'Asia/Manila', NZ: 'Pacific/Auckland', ZA: 'Africa/Johannesburg', EG: 'Africa/Cairo', NG: 'Africa/Lagos',
  KE: 'Africa/Nairobi', MA: 'Africa/Casablanca', AR: 'America/Argentina/Buenos_Aires', CL: 'America/Santiago',
  CO: 'America/Bogota', PE: 'America/Lima', VE: 'America/Caracas', IL: 'Asia/Jerusalem', SA: 'Asia/Riyadh',
  AE: 'Asia/Dubai', IR: 'Asia/Tehran', IQ: 'Asia/Baghdad', MY: 'Asia/Kuala_Lumpur', SG: 'Asia/Singapore',
  TW: 'Asia/Taipei', HK: 'Asia/Hong_Kong', IS: 'Atlantic/Reykjavik', CU: 'America/Havana', GT: 'America/Guatemala',
};

function byLongitude(lon: number, zones: [number, string][]): string {
  for (const [east, zone] of zones) if (lon < east) return zone;
  return zones[zones.length - 1][1];
}

export function timeZoneFor(country: string, lon: number, lat: number): string {
  switch (country) {
    case 'US':
      if (lat < 23 && lon < -154) return 'Pacific/Honolulu';
      if (lon < -130) return 'America/Anchorage';
      return byLongitude(lon, [[-114.5, 'America/Los_Angeles'], [-101.5, 'America/Denver'], [-86, 'America/Chicago'], [999, 'America/New_York']]);
    case 'CA':
      return byLongitude(lon, [
        [-120, 'America/Vancouver'], [-102, 'America/Edmonton'], [-90, 'America/Winnipeg'], [-68, 'America/Toronto'],
        [-57, 'America/Halifax'], [999, 'America/St_Johns'],
      ]);
    case 'MX':
      return byLongitude(lon, [[-114, 'America/Tijuana'], [-105.5, 'America/Mazatlan'], [999, 'America/Mexico_City']]);
    case 'BR':
      return byLongitude(lon, [[-67, 'America/Rio_Branco'], [-52, 'America/Manaus'], [999, 'America/Sao_Paulo']]);
    case 'AU':
      return byLongitude(lon, [[129, 'Australia/Perth'], [141, lat < -26 ? 'Australia/Adelaide' : 'Australia/Darwin'], [999, lat < -28.5 ? 'Australia/Sydney' : 'Australia/Brisbane']]);
    case 'RU':
      return byLongitude(lon, [[40, 'Europe/Moscow'], [55, 'Europe/Samara'], [66, 'Asia/Yekaterinburg'], [82, 'Asia/Omsk'], [99, 'Asia/Krasnoyarsk'], [113, 'Asia/Irkutsk'], [130, 'Asia/Yakutsk'], [999, 'Asia/Vladivostok']]);
    case 'ID':
      return byLongitude(lon, [[115, 'Asia/Jakarta'], [126, 'Asia/Makassar'], [999, 'Asia/Jayapura']]);
  }
  if (SINGLE[country]) return SINGLE[country];
  // Nautical zones: Etc/GMT+5 is five hours behind UTC (the sign is inverted in these names).
  const offset = Math.max(-12, Math.min(12, Math.round(lon / 15)));
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
