import { STANDARD_TAGS } from '../../catalog';
import { COUNT_ALL, COUNT_RV, countKeyForChain, countKeyForTag, FINE_KEY } from '../count-keys';
import { COARSE_CELL_SQL, FINE_CELL_SQL } from '../grid';
import type { Database as Db } from 'better-sqlite3';

const TAG_BITS = JSON.stringify(STANDARD_TAGS.map((_, bit) => bit));

/**
 * Counts every place of the store into `cell_counts` again, in SQL: what a bulk write does once at its end instead of
 * gathering a change per place, key and cell in a map (a tenth of a fresh import's time, `npm run bench:import`).
 * The same rows as CountDeltas would give: the keys of placeCountKeys on the coarse grid and again on the fine one.
 * The place columns it reads are all in the fine covering index, so it scans that rather than the wide rows.
 */
export function rebuildCellCounts(db: Db): void {
  db.exec(`
    DELETE FROM cell_counts;
    CREATE TEMP TABLE counted (key INTEGER NOT NULL, coarse INTEGER NOT NULL, fine INTEGER NOT NULL);
    CREATE TEMP TABLE counted_places AS SELECT ${COARSE_CELL_SQL} AS coarse, ${FINE_CELL_SQL} AS fine, tags, chain, rv FROM places;
    INSERT INTO counted SELECT ${COUNT_ALL}, coarse, fine FROM counted_places;
    INSERT INTO counted SELECT ${COUNT_RV}, coarse, fine FROM counted_places WHERE rv = 1;
    INSERT INTO counted SELECT ${countKeyForChain(0)} + chain, coarse, fine FROM counted_places WHERE chain > 0;
    INSERT INTO counted SELECT ${countKeyForTag(0)} + bit.value, coarse, fine FROM counted_places JOIN json_each('${TAG_BITS}') bit ON tags & (1 << bit.value);
    INSERT INTO cell_counts (key, cell, n) SELECT key, coarse, count(*) FROM counted GROUP BY key, coarse;
    INSERT INTO cell_counts (key, cell, n) SELECT ${FINE_KEY} + key, fine, count(*) FROM counted GROUP BY key, fine;
    DROP TABLE counted_places;
    DROP TABLE counted;
  `);
}
