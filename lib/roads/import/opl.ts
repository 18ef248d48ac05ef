import { oplUnescape } from '@/lib/core/opl';
import type { LonLat } from '../edge';
import type { OsmTags } from '../road-tags';

/** A way of osmium's OPL output with node locations (`osmium add-locations-to-ways -f opl`). */
export interface OplWay {
  id: number;
  tags: OsmTags;
  /** Node ids and locations; a node whose location the extract lacks has a null location. */
  nodes: { id: number; location: LonLat | null }[];
}

/** Reads one OPL line (`w10 Thighway=primary,name=Main%20%Street Nn1x11.9y57.7,n2x11.9y57.701`), or null for a node or relation. */
export function parseOplWay(line: string): OplWay | null {
  if (!line.startsWith('w')) return null;
  const way: OplWay = { id: 0, tags: {}, nodes: [] };
  for (const field of line.split(' ')) {
    const kind = field[0];
    const text = field.slice(1);
    if (kind === 'w') way.id = Number(text);
    else if (kind === 'T' && text) {
      for (const pair of text.split(',')) {
        const eq = pair.indexOf('=');
        way.tags[oplUnescape(pair.slice(0, eq))] = oplUnescape(pair.slice(eq + 1));
      }
    } else if (kind === 'N' && text) {
      for (const ref of text.split(',')) {
        const match = /^n(\d+)(?:x(-?[\d.]*)y(-?[\d.]*))?$/.exec(ref);
        if (!match) continue;
        const location: LonLat | null = match[2] && match[3] ? [Number(match[2]), Number(match[3])] : null;
        way.nodes.push({ id: Number(match[1]), location });
      }
    }
  }
  return way;
}
