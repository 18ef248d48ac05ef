import { MAX_STOPS } from './limits';

/**
 * The most a GPX file may hand the DOM parser, outside the parts an import does not read (see scanGpx): elements,
 * attributes, text nodes, comments and CDATA sections together, and character or entity references. A trip at
 * every limit exported here is about 6,000 of the first; the DOM parse of 20,000 takes some tens of milliseconds,
 * where a 2 MB file of empty elements took about two seconds.
 */
export const MAX_GPX_NODES = 20_000;
export const MAX_GPX_REFERENCES = 100_000;

export interface GpxScan {
  /**
   * Why the file is refused before any parse (a limit passed), or null. A file the scan cannot follow is not
   * refused here: the DOM parser reads it (up to where the scan stopped) and names what is wrong.
   */
  refused: string | null;
  /** The text for the DOM parser: the file with the parts an import does not read blanked out (their line breaks kept). */
  text: string;
  /** How far the scan read: the text's length unless it stopped at a limit or at something not well-formed. */
  readTo: number;
  /** What the DOM parser will build, as counted against MAX_GPX_NODES and MAX_GPX_REFERENCES. */
  nodes: number;
  references: number;
  /** The `<wpt>` elements (every one is kept for the parser). */
  waypoints: number;
}

/** A `<trk>` or `<rte>` element and what is inside it: blanked out unless an import may read something in it. */
interface Region {
  kind: 'trk' | 'rte';
  start: number;
  end: number;
  /** The stack depth outside it. */
  depth: number;
  nodes: number;
  references: number;
  /** It holds a waypoint or the metadata (or, a track, a route): what an import reads, so it stays. */
  needed: boolean;
}

const NAME = /[^\s/>]+/y;

/**
 * One pass over a GPX file before the DOM parse, without building anything: counts what the parse would build and
 * stops as soon as a limit is passed (the 201st waypoint, MAX_GPX_NODES, MAX_GPX_REFERENCES), so an oversized file
 * costs a scan of its first part and never a parse. The tracks (`<trk>`: an import never reads them) and, in a file
 * with waypoints, the routes (their points are read only when there are no waypoints) are blanked out of the text
 * the DOM parser gets and not counted, so a recorded track of any length beside a few waypoints still imports.
 *
 * It follows tags, quoted attribute values, comments, CDATA, processing instructions and a DOCTYPE; at anything else
 * (a mismatched end tag, an unterminated comment) it stops and hands the parser the text read so far, whose error
 * message the import reports, as it did before there was a scan.
 */
export function scanGpx(text: string): GpxScan {
  const stack: string[] = [];
  const regions: Region[] = [];
  let open: Region | null = null;
  let nodes = 0;
  let references = 0;
  let waypoints = 0;
  /** The first route: its depth while open, and its `<rtept>` count. */
  let route: { depth: number; points: number; done: boolean } | null = null;
  let amp = text.indexOf('&');
  let i = 0;
  let malformed = false;
  let refused: string | null = null;
  const tooComplex = () =>
    waypoints === 0 && route && route.points > MAX_STOPS
      ? `The GPX file has ${route.done ? '' : 'at least '}${route.points} points; a trip holds at most ${MAX_STOPS} stops.`
      : nodes > MAX_GPX_NODES
        ? `The GPX file is too complex: more than ${MAX_GPX_NODES} elements, attributes and text nodes outside its tracks.`
        : `The GPX file is too complex: more than ${MAX_GPX_REFERENCES} character references outside its tracks.`;

  const add = (n: number, refs: number) => {
    if (open) {
      open.nodes += n;
      open.references += refs;
    } else {
      nodes += n;
      references += refs;
    }
  };
  /** The references in text [from, to): `amp` only moves forward, so the whole scan looks at each `&` once. */
  const textReferences = (from: number, to: number) => {
    let n = 0;
    while (amp !== -1 && amp < to) {
      if (amp >= from) n++;
      amp = text.indexOf('&', amp + 1);
    }
    return n;
  };
  const close = (end: number) => {
    const region = open!;
    open = null;
    region.end = end;
    regions.push(region);
    if (region.needed) add(region.nodes, region.references);
  };
  const skipTo = (from: number, terminator: string) => {
    const at = text.indexOf(terminator, from);
    return at === -1 ? -1 : at + terminator.length;
  };

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > i && stack.length) add(1, textReferences(i, textEnd));
    if (lt === -1) {
      i = text.length;
      break;
    }

    let next: number;
    if (text.startsWith('<!--', lt)) next = skipTo(lt + 4, '-->');
    else if (text.startsWith('<![CDATA[', lt)) next = skipTo(lt + 9, ']]>');
    else if (text.startsWith('<?', lt)) next = skipTo(lt + 2, '?>');
    else if (text.startsWith('<!', lt)) {
      // A DOCTYPE, with perhaps an internal subset in brackets.
      const gt = text.indexOf('>', lt);
      const bracket = text.indexOf('[', lt);
      next = bracket !== -1 && (gt === -1 || bracket < gt) ? skipTo(text.indexOf(']', bracket) + 1 || text.length, '>') : gt === -1 ? -1 : gt + 1;
    } else if (text.charCodeAt(lt + 1) === 47 /* / */) {
      const gt = text.indexOf('>', lt);
      if (gt === -1 || stack.pop() !== text.slice(lt + 2, gt).trim()) {
        malformed = true;
        i = gt === -1 ? text.length : gt + 1;
        break;
      }
      next = gt + 1;
      if (open && stack.length === open.depth) close(next);
      if (route && !route.done && stack.length === route.depth) route.done = true;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(text)?.[0];
      let j = lt + 1 + (name?.length ?? 0);
      // Attributes as the parser takes them: quoted, unquoted (`x=1`) or bare (`x`, which xmldom reads as x="x").
      let attributes = 0;
      let attributeReferences = 0;
      let selfClosing = false;
      for (let quote = 0, boundary = true, afterEquals = false; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (quote) {
          if (c === quote) {
            quote = 0;
            boundary = true;
            afterEquals = false;
          } else if (c === 38 /* & */) attributeReferences++;
          continue;
        }
        if (c === 62 /* > */) break;
        selfClosing = c === 47 /* / */ || (selfClosing && (c === 32 || c === 9 || c === 10 || c === 13));
        if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47) boundary = true;
        else if (c === 34 /* " */ || c === 39 /* ' */) quote = c;
        else if (c === 61 /* = */) {
          afterEquals = true;
          boundary = false;
        } else if (afterEquals) afterEquals = false;
        else if (boundary) {
          attributes++;
          boundary = false;
        }
      }
      if (!name || j >= text.length) {
        malformed = true;
        i = text.length;
        break;
      }
      next = j + 1;
      // Keep the amp pointer past this tag: a `&` in an attribute value is counted above.
      while (amp !== -1 && amp < next) amp = text.indexOf('&', amp + 1);

      if (name === 'wpt' || name === 'metadata' || (name === 'rte' && open?.kind === 'trk')) {
        if (open) open.needed = true;
      }
      if (name === 'wpt' && ++waypoints > MAX_STOPS) {
        refused = `The GPX file has at least ${MAX_STOPS + 1} points; a trip holds at most ${MAX_STOPS} stops.`;
        i = next;
        break;
      }
      if ((name === 'trk' || name === 'rte') && !open && stack.length > 0) {
        open = { kind: name, start: lt, end: -1, depth: stack.length, nodes: 0, references: 0, needed: false };
      }
      if (name === 'rte' && !route) route = { depth: stack.length, points: 0, done: false };
      else if (name === 'rtept' && route && !route.done) route.points++;
      add(1 + attributes, attributeReferences);

      if (!selfClosing) stack.push(name);
      else {
        if (open && stack.length === open.depth) close(next);
        if (route && !route.done && stack.length === route.depth) route.done = true;
      }
    }
    if (next === -1) {
      malformed = true;
      i = text.length;
      break;
    }
    i = next;
    if (nodes > MAX_GPX_NODES || references > MAX_GPX_REFERENCES) {
      refused = tooComplex();
      break;
    }
  }
  if (stack.length && !refused) malformed = true;

  // Blank out what the parser need not build: the tracks, and the routes of a file with waypoints.
  const blanked = malformed || refused ? [] : regions.filter((r) => !r.needed && (r.kind === 'trk' || waypoints > 0));
  for (const r of [...regions, ...(open ? [open] : [])]) {
    if (!r.needed && !blanked.includes(r)) {
      nodes += r.nodes;
      references += r.references;
    }
  }
  if (!refused && (nodes > MAX_GPX_NODES || references > MAX_GPX_REFERENCES)) refused = tooComplex();

  let parsed = malformed ? text.slice(0, i) : text;
  if (blanked.length) {
    const parts: string[] = [];
    let from = 0;
    for (const r of blanked) {
      let lines = 0;
      for (let k = text.indexOf('\n', r.start); k !== -1 && k < r.end; k = text.indexOf('\n', k + 1)) lines++;
      parts.push(text.slice(from, r.start), '\n'.repeat(lines));
      from = r.end;
    }
    parts.push(text.slice(from));
    parsed = parts.join('');
  }
  return { refused, text: refused ? '' : parsed, readTo: i, nodes, references, waypoints };
}
