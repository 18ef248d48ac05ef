// The OpenStreetMap half of `npm run places:import`: progress on a terminal, the counts at the end.
import path from 'node:path';
import cliProgress from 'cli-progress';
import { COMPACT_HEAP_ABOVE_MIB, importOsmPlaces, type ImportPhase, type OsmImportReport } from '@/lib/places/osm/import-osm';
import { OsmExtractError } from '@/lib/places/osm/osmium';
import { isoDate } from '@/lib/places/status';
import type { PlaceStoreAdmin } from '@/lib/places/store/types';
import { ownedLine, type OwnedOverlay } from '@/lib/places/owned-overlay';
import { PlaceWriteError } from '@/lib/places/store/place-columns';

const OSM_ENDINGS = ['.osm.pbf', '.pbf', '.osm', '.osm.bz2', '.osm.gz', '.opl'];

export function isOsmFile(file: string): boolean {
  const name = path.basename(file).toLowerCase();
  return OSM_ENDINGS.some((ending) => name.endsWith(ending));
}

function summary(r: OsmImportReport, seconds: number): string {
  const skipped = Object.entries(r.skipped).map(([reason, n]) => `${n} ${reason}`).join(', ') || 'none';
  const { read = 0, absent = 0, unreadable = 0, corrected = 0 } = r.hours;
  const notRead = [unreadable && `${unreadable} unreadable`, corrected && `${corrected} ambiguous`].filter(Boolean).join(', ');
  const hours = `${read} read, ${absent} absent${notRead ? `, ${unreadable + corrected} left empty (${notRead})` : ''}`;
  return [
    `places: ${r.added} added, ${r.changed} changed, ${r.unchanged} unchanged, ${r.remapped} redrawn (ids kept), ${r.merged} merged, ${r.removed} removed`,
    `skipped objects: ${skipped}`,
    `opening_hours: ${hours}`,
    ...(r.replacedGenerated ? ['the generated demo places were replaced'] : []),
    ownedLine(r.owned),
    `in ${seconds.toFixed(1)} s`,
  ].join('\n');
}

export async function runOsmImport(store: PlaceStoreAdmin, file: string, owned?: OwnedOverlay): Promise<number> {
  const started = Date.now();
  const tty = process.stdout.isTTY;
  const bar = tty ? new cliProgress.SingleBar({ format: '{phase} [{bar}] {value}/{total} | {rate}/s | {eta_formatted} left', hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  let phase: ImportPhase | null = null;
  let phaseStarted = Date.now();
  const onProgress = (now: ImportPhase, done: number, total: number | null) => {
    if (!tty) return;
    if (now !== phase) {
      if (phase) bar!.stop();
      phase = now;
      phaseStarted = Date.now();
      if (now === 'reading') {
        process.stdout.write('making places of the objects…\n');
        return;
      }
      bar!.start(total ?? 0, 0, { phase: 'writing', rate: 0 });
    }
    const rate = Math.round(done / Math.max(0.001, (Date.now() - phaseStarted) / 1000));
    if (now === 'reading') process.stdout.write(`\r  ${done} objects read (${rate}/s)`);
    else bar!.update(done, { rate });
  };
  try {
    const onOsmiumStep = (step: string) => tty && process.stdout.write(`osmium: ${step}…\n`);
    const report = await importOsmPlaces(store, file, { today: isoDate(new Date()), onProgress, onOsmiumStep, owned, compactHeapAboveMiB: COMPACT_HEAP_ABOVE_MIB });
    bar?.stop();
    process.stdout.write(`${tty ? '\n' : ''}imported ${path.basename(file)} into ${store.describe()}\n${summary(report, (Date.now() - started) / 1000)}\n`);
    return 0;
  } catch (err) {
    bar?.stop();
    if (err instanceof OsmExtractError || err instanceof PlaceWriteError || err instanceof SyntaxError) {
      process.stderr.write(`nothing imported: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
