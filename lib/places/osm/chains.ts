import { CHAINS } from '../catalog';
import type { OsmTags } from './tag-table';

/**
 * A chain from the object's `brand:wikidata` (or `operator:wikidata`), the id the name-suggestion-index gives each
 * brand and mappers' editors fill in; else from `brand` (as the index writes brands), then `operator` for the
 * campground networks that mappers record as operators, then `name`; names compared without case, accents or
 * punctuation. The chain ids are the catalog's, the ones the filters use.
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

/**
 * The brands' Wikidata ids in the name-suggestion-index (npm `name-suggestion-index` 8.0.20260918, dist/json/nsi.json,
 * US and worldwide entries). Good Sam and Harvest Hosts have none there: their names alone find them.
 */
const BRAND_WIKIDATA: Record<string, string[]> = {
  walmart: ['Q483551', 'Q62606411', 'Q7963529'],
  koa: ['Q16988635'],
  'camping-world': ['Q5028383'],
  loves: ['Q1872496'],
  'pilot-flying-j': ['Q64128179', 'Q64130592'],
  'cracker-barrel': ['Q4492609'],
  'best-western': ['Q830334', 'Q38623383', 'Q135248460'],
  'holiday-inn': ['Q2717882', 'Q5880423'],
  starbucks: ['Q37158'],
  shell: ['Q110716465', 'Q154950'],
  'thousand-trails': ['Q7797073'],
  'jellystone-park': ['Q8054389'],
};

export function brandKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const chainByBrand = new Map<string, { public_id: string; name: string }>();
const chainByWikidata = new Map<string, { public_id: string; name: string }>();
for (const chain of CHAINS) {
  for (const name of BRAND_NAMES[chain.public_id] ?? [chain.name]) chainByBrand.set(brandKey(name), chain);
  for (const id of BRAND_WIKIDATA[chain.public_id] ?? []) chainByWikidata.set(id, chain);
}

export function chainOf(tags: OsmTags): { public_id: string; name: string } | null {
  // A value may list several ids ("Q1;Q2"), as OSM's multi-valued tags do.
  for (const id of [tags['brand:wikidata'], tags['operator:wikidata']].flatMap((v) => v?.split(';') ?? [])) {
    const chain = chainByWikidata.get(id.trim());
    if (chain) return { public_id: chain.public_id, name: chain.name };
  }
  for (const value of [tags.brand, tags.operator, tags.name]) {
    if (!value) continue;
    const chain = chainByBrand.get(brandKey(value));
    if (chain) return { public_id: chain.public_id, name: chain.name };
  }
  return null;
}
