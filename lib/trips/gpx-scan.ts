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

/** The first route: its depth while open, and its `<rtept>` count. */
interface Route {
  depth: number;
  points: number;
  done: boolean;
}

/** A start tag read up to its `>`: what the parser will build for its attributes, and whether it closes itself. */
interface StartTag {
  /** Where its `>` is (the text's length if it has none). */
  end: number;
  attributes: number;
  attributeReferences: number;
  selfClosing: boolean;
}

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
  const scan = new Scan(text);
  scan.read();
  return scan.result();
}

/** The `&`s of a text, visited in order: the pointer only moves forward, so a whole scan looks at each `&` once. */
class References {
  private amp: number;

  constructor(private readonly text: string) {
    this.amp = text.indexOf('&');
  }

  /** The references in text [from, to). */
  countIn(from: number, to: number): number {
    let n = 0;
    while (this.amp !== -1 && this.amp < to) {
      if (this.amp >= from) n++;
      this.amp = this.text.indexOf('&', this.amp + 1);
    }
    return n;
  }

  /** Moves past `to` without counting (the `&`s of a tag's attribute values are counted with the tag). */
  skipTo(to: number): void {
    while (this.amp !== -1 && this.amp < to) this.amp = this.text.indexOf('&', this.amp + 1);
  }
}

/** A scan's state while it reads the file: the open elements, the track and route regions, and the counts. */
class Scan {
  private readonly stack: string[] = [];
  private readonly regions: Region[] = [];
  private open: Region | null = null;
  private nodes = 0;
  private references = 0;
  private waypoints = 0;
  private route: Route | null = null;
  private readonly amps: References;
  private i = 0;
  private malformed = false;
  private refused: string | null = null;

  constructor(private readonly text: string) {
    this.amps = new References(text);
  }

  /** Reads the text piece by piece to its end, a limit passed or something not well-formed. */
  read(): void {
    while (this.i < this.text.length && this.readPiece()) {
      // each piece moves i on
    }
    if (this.stack.length && !this.refused) this.malformed = true;
  }

  /** Reads the text up to the next `<`, then the markup there; false when the scan stops. */
  private readPiece(): boolean {
    const lt = this.text.indexOf('<', this.i);
    const textEnd = lt === -1 ? this.text.length : lt;
    if (textEnd > this.i && this.stack.length) this.add(1, this.amps.countIn(this.i, textEnd));
    if (lt === -1) {
      this.i = this.text.length;
      return false;
    }
    const next = this.readMarkup(lt);
    if (next === null) return false;
    if (next === -1) {
      this.malformed = true;
      this.i = this.text.length;
      return false;
    }
    this.i = next;
    if (this.overLimit()) {
      this.refused = this.tooComplex();
      return false;
    }
    return true;
  }

  /** The markup at `lt`: where it ends, -1 if it never does, or null if the scan stopped in it. */
  private readMarkup(lt: number): number | null {
    const { text } = this;
    if (text.startsWith('<!--', lt)) return this.skipTo(lt + 4, '-->');
    if (text.startsWith('<![CDATA[', lt)) return this.skipTo(lt + 9, ']]>');
    if (text.startsWith('<?', lt)) return this.skipTo(lt + 2, '?>');
    if (text.startsWith('<!', lt)) return this.skipDoctype(lt);
    if (text.charCodeAt(lt + 1) === 47 /* / */) return this.readEndTag(lt);
    return this.readStartTag(lt);
  }

  private skipTo(from: number, terminator: string): number {
    const at = this.text.indexOf(terminator, from);
    return at === -1 ? -1 : at + terminator.length;
  }

  /** A DOCTYPE, with perhaps an internal subset in brackets. */
  private skipDoctype(lt: number): number {
    const { text } = this;
    const gt = text.indexOf('>', lt);
    const bracket = text.indexOf('[', lt);
    if (bracket !== -1 && (gt === -1 || bracket < gt)) return this.skipTo(text.indexOf(']', bracket) + 1 || text.length, '>');
    return gt === -1 ? -1 : gt + 1;
  }

  private readEndTag(lt: number): number | null {
    const gt = this.text.indexOf('>', lt);
    if (gt === -1 || this.stack.pop() !== this.text.slice(lt + 2, gt).trim()) {
      this.malformed = true;
      this.i = gt === -1 ? this.text.length : gt + 1;
      return null;
    }
    this.closed(gt + 1);
    return gt + 1;
  }

  private readStartTag(lt: number): number | null {
    NAME.lastIndex = lt + 1;
    const name = NAME.exec(this.text)?.[0];
    const tag = readStartTag(this.text, lt + 1 + (name?.length ?? 0));
    if (!name || tag.end >= this.text.length) return -1;
    const next = tag.end + 1;
    this.amps.skipTo(next);
    if (!this.opened(name, lt, next)) return null;
    this.add(1 + tag.attributes, tag.attributeReferences);
    if (!tag.selfClosing) this.stack.push(name);
    else this.closed(next);
    return next;
  }

  /** Notes what the element `name` opens (a region, the first route, a waypoint); false when it passes the waypoint limit. */
  private opened(name: string, lt: number, next: number): boolean {
    if (name === 'wpt' || name === 'metadata' || (name === 'rte' && this.open?.kind === 'trk')) {
      if (this.open) this.open.needed = true;
    }
    if (name === 'wpt' && ++this.waypoints > MAX_STOPS) {
      this.refused = `The GPX file has at least ${MAX_STOPS + 1} points; a trip holds at most ${MAX_STOPS} stops.`;
      this.i = next;
      return false;
    }
    if ((name === 'trk' || name === 'rte') && !this.open && this.stack.length > 0) {
      this.open = { kind: name, start: lt, end: -1, depth: this.stack.length, nodes: 0, references: 0, needed: false };
    }
    if (name === 'rte' && !this.route) this.route = { depth: this.stack.length, points: 0, done: false };
    else if (name === 'rtept' && this.route && !this.route.done) this.route.points++;
    return true;
  }

  /** An element just closed at `end`: it may end the open region or the first route. */
  private closed(end: number): void {
    if (this.open && this.stack.length === this.open.depth) this.closeRegion(end);
    if (this.route && !this.route.done && this.stack.length === this.route.depth) this.route.done = true;
  }

  private closeRegion(end: number): void {
    const region = this.open!;
    this.open = null;
    region.end = end;
    this.regions.push(region);
    if (region.needed) this.add(region.nodes, region.references);
  }

  private add(n: number, refs: number): void {
    if (this.open) {
      this.open.nodes += n;
      this.open.references += refs;
    } else {
      this.nodes += n;
      this.references += refs;
    }
  }

  private overLimit(): boolean {
    return this.nodes > MAX_GPX_NODES || this.references > MAX_GPX_REFERENCES;
  }

  private tooComplex(): string {
    const { route } = this;
    return this.waypoints === 0 && route && route.points > MAX_STOPS
      ? `The GPX file has ${route.done ? '' : 'at least '}${route.points} points; a trip holds at most ${MAX_STOPS} stops.`
      : this.nodes > MAX_GPX_NODES
        ? `The GPX file is too complex: more than ${MAX_GPX_NODES} elements, attributes and text nodes outside its tracks.`
        : `The GPX file is too complex: more than ${MAX_GPX_REFERENCES} character references outside its tracks.`;
  }

  /** What the scan found, with the text the parser gets: the tracks, and the routes of a file with waypoints, blanked out. */
  result(): GpxScan {
    const blanked = this.malformed || this.refused ? [] : this.regions.filter((r) => !r.needed && (r.kind === 'trk' || this.waypoints > 0));
    this.countKept(blanked);
    if (!this.refused && this.overLimit()) this.refused = this.tooComplex();
    const { text, refused, i, nodes, references, waypoints } = this;
    const parsed = blanked.length ? blankOut(text, blanked) : this.malformed ? text.slice(0, i) : text;
    return { refused, text: refused ? '' : parsed, readTo: i, nodes, references, waypoints };
  }

  /** Counts the regions the parser will build after all: those not needed and yet not blanked out. */
  private countKept(blanked: Region[]): void {
    for (const r of [...this.regions, ...(this.open ? [this.open] : [])]) {
      if (!r.needed && !blanked.includes(r)) {
        this.nodes += r.nodes;
        this.references += r.references;
      }
    }
  }
}

/**
 * Reads a start tag's attributes from `from` to its `>`, as the parser takes them: quoted, unquoted (`x=1`) or bare
 * (`x`, which xmldom reads as x="x").
 */
function readStartTag(text: string, from: number): StartTag {
  let j = from;
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
  return { end: j, attributes, attributeReferences, selfClosing };
}

/** The text with each region replaced by its line breaks, so the parser's line numbers still point into the file. */
function blankOut(text: string, blanked: Region[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const r of blanked) {
    let lines = 0;
    for (let k = text.indexOf('\n', r.start); k !== -1 && k < r.end; k = text.indexOf('\n', k + 1)) lines++;
    parts.push(text.slice(from, r.start), '\n'.repeat(lines));
    from = r.end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
