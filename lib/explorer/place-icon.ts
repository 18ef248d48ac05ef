export type IconGroup = 'food' | 'lodging' | 'camp' | 'nature' | 'fuel' | 'landmark' | 'shop' | 'rv' | 'rest' | 'pin';

const GROUPS: Record<string, IconGroup> = {
  restaurant: 'food',
  cafe: 'food',
  winery: 'food',
  brewery: 'food',
  lodging: 'lodging',
  campground: 'camp',
  'rv-park': 'camp',
  park: 'nature',
  'national-park': 'nature',
  beach: 'nature',
  viewpoint: 'nature',
  golf: 'nature',
  marina: 'nature',
  'gas-station': 'fuel',
  'ev-charging': 'fuel',
  propane: 'fuel',
  museum: 'landmark',
  attraction: 'landmark',
  'historic-site': 'landmark',
  'visitor-center': 'landmark',
  entertainment: 'landmark',
  shopping: 'shop',
  grocery: 'shop',
  'rv-dealer': 'rv',
  'rv-service': 'rv',
  'dump-station': 'rv',
  'water-point': 'rv',
  'rest-area': 'rest',
};

/** The icon family for the API's icon name; search results name it `pin-<kind>`, details `<kind>`. */
export function iconGroup(icon: string | undefined): IconGroup {
  return (icon && GROUPS[icon.replace(/^pin-/, '')]) || 'pin';
}
