import { CHAINS } from '../catalog';
import type { PlaceRecord } from '../place-schema';
import type { City } from './cities';
import { ADJECTIVES, type Kind, TOPICS } from './kinds';
import { chance, int, pick, type Rng } from './prng';

const chainByPublicId = new Map(CHAINS.map((c) => [c.public_id, c]));

export function slug(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'place';
}

/**
 * A place's chain (sometimes, for kinds that have chains), its name and other names, and the topic it is known for.
 * A chain's place is named after the chain and the town, a museum after the town and its topic.
 */
export function identityFor(rng: Rng, kind: Kind, city: City) {
  const chainId = kind.chains.length && chance(rng, 0.18) ? pick(rng, kind.chains) : null;
  const chain = chainId ? chainByPublicId.get(chainId)! : null;
  const adjective = pick(rng, ADJECTIVES);
  const noun = pick(rng, kind.nouns);
  const topic = pick(rng, TOPICS);
  let name: string;
  if (chain) name = `${chain.name} ${city.name}`;
  else if (kind.key === 'museum') name = `${city.name} Museum of ${topic.replace(/\b\w/g, (c) => c.toUpperCase())}`;
  else name = chance(rng, 0.35) ? `${city.name} ${noun}` : `${adjective} ${noun}`;
  const altNames: string[] = [];
  // The town in brackets only when the name lacks it: not "Grand Junction RV Park (Grand Junction)".
  if (chance(rng, 0.4) && !name.includes(city.name)) altNames.push(`${name} (${city.name})`);
  if (chance(rng, 0.15)) altNames.push(`${adjective.split(' ')[0]} ${kind.label}`);
  return { chain, name, altNames, topic };
}

function phoneFor(rng: Rng, country: string): string {
  const n = () => String(int(rng, 0, 9999)).padStart(4, '0');
  if (country === 'US' || country === 'CA') return `+1 ${int(rng, 201, 989)}-555-${n()}`;
  return `+${int(rng, 20, 98)} ${int(rng, 10, 99)} ${n()} ${n()}`;
}

/** A made-up phone number in the country's style; mail and web addresses under example.com, by the name's slug. */
export function contactFor(rng: Rng, country: string, nameSlug: string): PlaceRecord['contact_info'] {
  return { phone: phoneFor(rng, country), email: `info@${nameSlug}.example.com`, website: `https://www.${nameSlug}.example.com/` };
}
