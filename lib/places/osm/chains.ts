import { CHAINS } from '../catalog';
import type { OsmTags } from './tag-table';

/**
 * A chain from the object's `brand` (as the name-suggestion-index writes brands), then `operator` for the campground
 * networks that mappers record as operators; names compared without case, accents or punctuation. The chain ids are
 * the catalog's, the ones the filters use.
 */
const BRAND_NAMES: Record<string, string[]> = {
  walmart: ['Walmart', 'Walmart Supercenter', 'Walmart Neighborhood Market'],
  koa: ['KOA', 'Kampgrounds of America', 'KOA Journey', 'KOA Holiday', 'KOA Resort'],
  'good-sam': ['Good Sam', 'Good Sam Park', 'Good Sam RV Park'],
  'camping-world': ['Camping World'],
  loves: ["Love's", "Love's Travel Stop", "Love's Travel Stops", "Love's Travel Stops & Country Stores"],
  'pilot-flying-j': ['Pilot', 'Flying J', 'Pilot Flying J', 'Pilot Travel Center', 'Pilot Travel Centers'],
  'cracker-barrel': ['Cracker Barrel', 'Cracker Barrel Old Country Store'],
  'best-western': ['Best Western', 'Best Western Plus', 'Best Western Premier'],
  'holiday-inn': ['Holiday Inn', 'Holiday Inn Express', 'Holiday Inn Express & Suites'],
  starbucks: ['Starbucks', 'Starbucks Coffee'],
  shell: ['Shell'],
  'thousand-trails': ['Thousand Trails'],
  'jellystone-park': ['Jellystone Park', "Yogi Bear's Jellystone Park", "Yogi Bear's Jellystone Park Camp-Resort"],
  'harvest-hosts': ['Harvest Hosts'],
};

export function brandKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const chainByBrand = new Map<string, { public_id: string; name: string }>();
for (const chain of CHAINS) {
  for (const name of BRAND_NAMES[chain.public_id] ?? [chain.name]) chainByBrand.set(brandKey(name), chain);
}

export function chainOf(tags: OsmTags): { public_id: string; name: string } | null {
  for (const value of [tags.brand, tags.operator, tags.name]) {
    if (!value) continue;
    const chain = chainByBrand.get(brandKey(value));
    if (chain) return { public_id: chain.public_id, name: chain.name };
  }
  return null;
}
