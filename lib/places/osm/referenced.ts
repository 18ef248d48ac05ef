import fs from 'node:fs';
import path from 'node:path';
import { placesOsmium } from './osmium';

/**
 * How many ids one `osmium getid` looks for at most: it keeps two bitsets over the range it is asked for (the ids
 * wanted and the ids found, in chunks of 4 Mi ids), 256 MiB each over 2^31 ids. A real extract's node ids reach 12
 * billion, so its areas' nodes are fetched in six readings of at most 540 MiB each, not one of 1.6 GiB.
 */
const IDS_A_SLICE = 2 ** 31;
const FLUSH_AT = 8192;

/** Ids of one type written to a file for each slice of the id range they fall in, for `osmium getid -i`. */
class IdSlices {
  private readonly pending = new Map<number, string[]>();
  private readonly files = new Map<number, string>();

  constructor(
    private readonly dir: string,
    private readonly type: 'n' | 'w',
  ) {}

  add(id: string) {
    const slice = Math.floor(Math.abs(Number(id)) / IDS_A_SLICE);
    const lines = this.pending.get(slice) ?? [];
    this.pending.set(slice, lines);
    lines.push(`${this.type}${id}\n`);
    if (lines.length >= FLUSH_AT) this.flush(slice, lines);
  }

  private flush(slice: number, lines: string[]) {
    const file = this.files.get(slice) ?? path.join(this.dir, `ids-${this.type}${slice}.txt`);
    this.files.set(slice, file);
    fs.appendFileSync(file, lines.join(''));
    lines.length = 0;
  }

  /** The slices' files, in the id range's order. */
  close(): string[] {
    for (const [slice, lines] of this.pending) if (lines.length) this.flush(slice, lines);
    return [...this.files].sort(([a], [b]) => a - b).map(([, file]) => file);
  }
}

/**
 * The node ids of the ways in an OSM file, and the ids of the relations' member ways, read as OPL: in osmium's OPL a
 * field never holds a space (it writes one as `%20%`), a way's nodes are the field `Nn1,n2,…` and a relation's members
 * `Mw12@outer,…`.
 */
async function readReferences(osmFile: string, extract: string, nodes: IdSlices, ways: IdSlices | null) {
  const types = ways ? ['-t', 'way', '-t', 'relation'] : ['-t', 'way'];
  for await (const line of placesOsmium.lines(extract, ['cat', osmFile, ...types, '-f', 'opl,add_metadata=false'])) {
    for (const field of line.split(' ')) {
      if (line[0] === 'w' && field[0] === 'N' && field.length > 1) for (const ref of field.slice(1).split(',')) nodes.add(ref.slice(1));
      if (line[0] === 'r' && field[0] === 'M' && ways && field.length > 1) {
        for (const member of field.slice(1).split(',')) if (member[0] === 'w') ways.add(member.slice(1, member.indexOf('@')));
      }
    }
  }
}

async function fetchSlices(extract: string, idFiles: string[], name: string, onStep: (step: string) => void): Promise<string[]> {
  const parts: string[] = [];
  for (const [i, ids] of idFiles.entries()) {
    onStep(`the areas’ ${name.replace('-', ' ')}, slice ${i + 1} of ${idFiles.length}`);
    const part = path.join(path.dirname(ids), `${name}-${i}.osm.pbf`);
    await placesOsmium.run(extract, ['getid', extract, '-i', ids, '-o', part, '--overwrite'], { missingIsFine: true });
    fs.rmSync(ids);
    parts.push(part);
  }
  return parts;
}

/**
 * `tagged` (the extract's tagged objects alone, from `tags-filter --omit-referenced`) with what its areas are drawn
 * with: its relations' member ways and every way's nodes, fetched from `extract` by `osmium getid` one slice of the id
 * range at a time, and merged into one sorted file in `dir`. osmium's own way (`tags-filter` without `-R`) keeps a set
 * over the whole node id range: 1.6 GiB for an extract whose ids reach 12 billion, however few its areas.
 */
export async function withReferencedObjects(extract: string, tagged: string, dir: string, onStep: (step: string) => void): Promise<string> {
  const nodes = new IdSlices(dir, 'n');
  const memberWays = new IdSlices(dir, 'w');
  await readReferences(tagged, extract, nodes, memberWays);
  const wayParts = await fetchSlices(extract, memberWays.close(), 'member-ways', onStep);
  for (const part of wayParts) await readReferences(part, extract, nodes, null);
  const parts = [...wayParts, ...(await fetchSlices(extract, nodes.close(), 'nodes', onStep))];
  if (parts.length === 0) return tagged;
  const complete = path.join(dir, 'complete.osm.pbf');
  onStep('the objects and their areas’ ways and nodes, merged');
  await placesOsmium.run(extract, ['merge', tagged, ...parts, '-o', complete, '--overwrite']);
  for (const part of [tagged, ...parts]) fs.rmSync(part);
  return complete;
}
