/** The standard vocabularies: Standard Tags, chains and the RV service lists. Order is storage order. */
export interface NamedId {
  public_id: string;
  name: string;
}

export const STANDARD_TAGS: NamedId[] = [
  { public_id: 'points-of-interest', name: 'Points of Interest' },
  { public_id: 'attractions', name: 'Attractions' },
  { public_id: 'campgrounds', name: 'Campgrounds' },
  { public_id: 'rv-parks', name: 'RV Parks' },
  { public_id: 'restaurants', name: 'Restaurants' },
  { public_id: 'cafes', name: 'Cafés' },
  { public_id: 'lodging', name: 'Lodging' },
  { public_id: 'museums', name: 'Museums' },
  { public_id: 'parks', name: 'Parks' },
  { public_id: 'national-parks', name: 'National Parks' },
  { public_id: 'beaches', name: 'Beaches' },
  { public_id: 'hiking', name: 'Hiking' },
  { public_id: 'viewpoints', name: 'Scenic Viewpoints' },
  { public_id: 'gas-stations', name: 'Gas Stations' },
  { public_id: 'ev-charging', name: 'EV Charging' },
  { public_id: 'dump-stations', name: 'Dump Stations' },
  { public_id: 'propane', name: 'Propane' },
  { public_id: 'rest-areas', name: 'Rest Areas' },
  { public_id: 'shopping', name: 'Shopping' },
  { public_id: 'groceries', name: 'Groceries' },
  { public_id: 'wineries', name: 'Wineries' },
  { public_id: 'breweries', name: 'Breweries' },
  { public_id: 'historic-sites', name: 'Historic Sites' },
  { public_id: 'visitor-centers', name: 'Visitor Centers' },
  { public_id: 'rv-service', name: 'RV Service' },
  { public_id: 'rv-dealers', name: 'RV Dealers' },
  { public_id: 'fishing', name: 'Fishing' },
  { public_id: 'golf', name: 'Golf' },
  { public_id: 'entertainment', name: 'Entertainment' },
];

export const CHAINS: NamedId[] = [
  { public_id: 'walmart', name: 'Walmart' },
  { public_id: 'koa', name: 'KOA' },
  { public_id: 'good-sam', name: 'Good Sam' },
  { public_id: 'camping-world', name: 'Camping World' },
  { public_id: 'loves', name: "Love's Travel Stops" },
  { public_id: 'pilot-flying-j', name: 'Pilot Flying J' },
  { public_id: 'cracker-barrel', name: 'Cracker Barrel' },
  { public_id: 'best-western', name: 'Best Western' },
  { public_id: 'holiday-inn', name: 'Holiday Inn' },
  { public_id: 'starbucks', name: 'Starbucks' },
  { public_id: 'shell', name: 'Shell' },
  { public_id: 'thousand-trails', name: 'Thousand Trails' },
  { public_id: 'jellystone-park', name: 'Jellystone Park' },
  { public_id: 'harvest-hosts', name: 'Harvest Hosts' },
];

export const RV_SERVICED_MAKES = [
  'Airstream', 'Coachmen', 'Dutchmen', 'Entegra', 'Fleetwood', 'Forest River', 'Grand Design', 'Heartland',
  'Jayco', 'Keystone', 'Newmar', 'Prevost', 'Thor', 'Tiffin', 'Winnebago',
];

export const RV_TYPES = [
  'Class A', 'Class B', 'Class C', 'Fifth Wheel', 'Pop-Up Camper', 'Teardrop', 'Toy Hauler', 'Travel Trailer',
  'Truck Camper',
];

export const RV_AVAILABLE_SERVICES = [
  'Collision Repair', 'Consignment', 'Detailing', 'Dump Station', 'Generator Service', 'Inspection', 'Maintenance',
  'Parts', 'Propane Refill', 'Rentals', 'Repairs', 'Roof Repair', 'Sales', 'Storage', 'Tire Service', 'Towing',
  'Warranty Service', 'Winterization',
];

export const RV_DEALER_AMENITIES = [
  'Customer lounge', 'Free Wi-Fi', 'Café', 'Dog park', 'Indoor showroom', 'Pull-through service bays',
  'Overnight hookups', 'Parts store', 'Shuttle service', 'Kids’ play area', 'EV charging', 'Dump station',
];

export function bitIndex(list: readonly string[]): Map<string, number> {
  return new Map(list.map((v, i) => [v, i]));
}

export function maskOf(values: readonly string[], index: Map<string, number>): number {
  let mask = 0;
  for (const v of values) {
    const bit = index.get(v);
    if (bit !== undefined) mask |= 1 << bit;
  }
  return mask >>> 0;
}

export function valuesOf(mask: number, list: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) if (mask & (1 << i)) out.push(list[i]);
  return out;
}
