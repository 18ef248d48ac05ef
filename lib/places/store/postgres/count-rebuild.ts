import type pg from 'pg';
import { STANDARD_TAGS } from '../../catalog';
import { COUNT_ALL, COUNT_RV, countKeyForChain, countKeyForTag, FINE_KEY } from '../count-keys';

/**
 * Counts every place into `cell_counts` again, in SQL, on both grids (`cell`, `fine_cell`): what a bulk write does
 * at its end instead of sending a change per place, key and cell. The same rows as CountDeltas would give.
 */
export async function rebuildCellCounts(db: pg.ClientBase): Promise<void> {
  await db.query('DELETE FROM cell_counts');
  await db.query(`
    WITH keyed AS MATERIALIZED (
      SELECT cell, fine_cell, ${COUNT_ALL} AS key FROM places
      UNION ALL SELECT cell, fine_cell, ${COUNT_RV} FROM places WHERE rv = 1
      UNION ALL SELECT cell, fine_cell, ${countKeyForChain(0)} + chain FROM places WHERE chain > 0
      UNION ALL SELECT cell, fine_cell, ${countKeyForTag(0)} + b FROM places, generate_series(0, ${STANDARD_TAGS.length - 1}) AS b WHERE (tags & (1 << b)) <> 0
    )
    INSERT INTO cell_counts (key, cell, n)
      SELECT key, cell, count(*)::int FROM keyed GROUP BY key, cell
      UNION ALL SELECT ${FINE_KEY} + key, fine_cell, count(*)::int FROM keyed GROUP BY key, fine_cell`);
}
