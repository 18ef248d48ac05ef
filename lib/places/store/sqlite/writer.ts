import type { PlaceRecord } from '../../place-schema';
import { COUNT_DELTAS_LIMIT, CountDeltas, LocationDeltas, placeLocations } from '../count-keys';
import { applyLocationDeltas } from './location-counts';
import { PlaceWriteError, placeColumns, searchTexts } from '../place-columns';
import { type Db, RV_TREE_AUX } from './schema';

export { PlaceWriteError };

/**
 * Writes places in one caller-owned transaction. Count-table changes are accumulated and applied by `finish()`,
 * so a bulk load does one upsert per (key, cell) rather than one per place; or, with `cellCounts: false`, not
 * gathered at all, for a caller that counts the cells again after (count-rebuild.ts).
 */
export class PlaceWriter {
  private readonly deltas = new CountDeltas();
  private readonly locationDeltas = new LocationDeltas();
  private readonly chainCodes = new Map<string, number>();
  private readonly stmts;

  constructor(
    private readonly db: Db,
    private readonly today: string,
    private readonly options: { countDeltasLimit?: number; cellCounts?: boolean } = {},
  ) {
    for (const row of db.prepare('SELECT code, public_id FROM chains').all() as { code: number; public_id: string }[]) {
      this.chainCodes.set(row.public_id, row.code);
    }
    this.stmts = {
      old: db.prepare('SELECT lon, lat, tags, chain, rv, country, state FROM places WHERE id = ?'),
      oldRegions: db.prepare('SELECT region_id FROM place_regions WHERE place_id = ?').pluck(),
      deletePlace: db.prepare('DELETE FROM places WHERE id = ?'),
      deleteRtree: db.prepare('DELETE FROM places_rtree WHERE id = ?'),
      deleteRv: db.prepare('DELETE FROM rv_rtree WHERE id = ?'),
      deleteFts: db.prepare('DELETE FROM places_fts WHERE rowid = ?'),
      deletePrevious: db.prepare('DELETE FROM previous_ids WHERE place_id = ?'),
      deleteRegions: db.prepare('DELETE FROM place_regions WHERE place_id = ?'),
      insertPlace: db.prepare(`INSERT INTO places (id, cell, lon, lat, x, y, z, tags, chain, fidelity, rv, relevance, rating,
        rating_count, name_key, country, state, rv_makes, rv_types, rv_services, rv_flags, rv_amenities, status, closures, rv_json,
        body, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertRtree: db.prepare(
        'INSERT INTO places_rtree (id, min_lon, max_lon, min_lat, max_lat, lon, lat, x, y, z, tags, chain, fidelity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertRv: db.prepare(
        `INSERT INTO rv_rtree (id, min_lon, max_lon, min_lat, max_lat, ${RV_TREE_AUX.join(', ')}) VALUES (?, ?, ?, ?, ?, ${RV_TREE_AUX.map(() => '?').join(', ')})`,
      ),
      insertFts: db.prepare('INSERT INTO places_fts (rowid, names, culture) VALUES (?, ?, ?)'),
      previousOwner: db.prepare('SELECT place_id FROM previous_ids WHERE previous_id = ?'),
      isPlace: db.prepare('SELECT 1 FROM places WHERE id = ?'),
      insertPrevious: db.prepare('INSERT INTO previous_ids (previous_id, place_id) VALUES (?, ?)'),
      insertRegion: db.prepare('INSERT OR IGNORE INTO place_regions (region_id, place_id) VALUES (?, ?)'),
      insertChain: db.prepare('INSERT INTO chains (code, public_id, name) VALUES (?, ?, ?)'),
      maxChain: db.prepare('SELECT coalesce(max(code), 0) AS code FROM chains'),
      upsertCount: db.prepare(
        'INSERT INTO cell_counts (key, cell, n) VALUES (?, ?, ?) ON CONFLICT (key, cell) DO UPDATE SET n = n + excluded.n',
      ),
      dropEmpty: db.prepare('DELETE FROM cell_counts WHERE n <= 0'),
    };
  }

  private chainCode(chain: PlaceRecord['chain']): number {
    if (!chain) return 0;
    let code = this.chainCodes.get(chain.public_id);
    if (code === undefined) {
      code = (this.stmts.maxChain.get() as { code: number }).code + 1;
      this.stmts.insertChain.run(code, chain.public_id, chain.name);
      this.chainCodes.set(chain.public_id, code);
    }
    return code;
  }

  /** Removes a place if present; returns whether it was. */
  remove(id: number): boolean {
    const old = this.stmts.old.get(id) as { lon: number; lat: number; tags: number; chain: number; rv: number; country: string; state: string } | undefined;
    if (!old) return false;
    if (this.options.cellCounts !== false) this.deltas.add(old.lon, old.lat, old.tags, old.chain, old.rv, -1);
    const regions = this.stmts.oldRegions.all(id) as number[];
    this.locationDeltas.add(placeLocations(old.country, old.state, regions), old.tags, old.chain, old.rv, -1);
    this.stmts.deletePlace.run(id);
    this.stmts.deleteRtree.run(id);
    this.stmts.deleteRv.run(id);
    this.stmts.deleteFts.run(id);
    this.stmts.deletePrevious.run(id);
    this.stmts.deleteRegions.run(id);
    return true;
  }

  /** Inserts a place, replacing one with the same id. */
  put(p: PlaceRecord, options: { replace: boolean } = { replace: true }): void {
    if (options.replace) this.remove(p.id);
    const c = placeColumns(p, this.chainCode(p.chain), this.today);
    this.stmts.insertPlace.run(
      c.id, c.cell, c.lon, c.lat, c.x, c.y, c.z, c.tags, c.chain, c.fidelity, c.rv, c.relevance, c.rating, c.rating_count,
      c.name_key, c.country, c.state, c.rv_makes, c.rv_types, c.rv_services, c.rv_flags, c.rv_amenities, c.status, c.closures,
      c.rv_json, c.body, c.detail,
    );
    this.stmts.insertRtree.run(c.id, c.lon, c.lon, c.lat, c.lat, c.lon, c.lat, c.x, c.y, c.z, c.tags, c.chain, c.fidelity);
    if (c.rv) this.stmts.insertRv.run(c.id, c.lon, c.lon, c.lat, c.lat, ...RV_TREE_AUX.map((column) => c[column]));
    const texts = searchTexts(p);
    this.stmts.insertFts.run(c.id, texts.names, texts.culture);
    for (const prev of p.previous_ids) {
      if (this.stmts.isPlace.get(prev)) throw new PlaceWriteError(`previous id ${prev} is the current id of another place`);
      const owner = this.stmts.previousOwner.get(prev) as { place_id: number } | undefined;
      if (owner) throw new PlaceWriteError(`previous id ${prev} already belongs to place ${owner.place_id}`);
      this.stmts.insertPrevious.run(prev, p.id);
    }
    if (this.stmts.previousOwner.get(p.id)) throw new PlaceWriteError(`id ${p.id} is a previous id of another place`);
    for (const r of p.regions_hierarchy) this.stmts.insertRegion.run(r.id, p.id);
    if (this.options.cellCounts !== false) {
      this.deltas.add(c.lon, c.lat, c.tags, c.chain, c.rv, 1);
      if (this.deltas.size >= (this.options.countDeltasLimit ?? COUNT_DELTAS_LIMIT)) this.applyCellCounts();
    }
    this.locationDeltas.add(placeLocations(c.country, c.state, p.regions_hierarchy.map((r) => r.id)), c.tags, c.chain, c.rv, 1);
  }

  private applyCellCounts(): void {
    for (const [key, cell, n] of this.deltas.take()) this.stmts.upsertCount.run(key, cell, n);
  }

  /** Applies the accumulated count changes (cell counts, location counts and pairs). */
  finish(): void {
    this.applyCellCounts();
    this.stmts.dropEmpty.run();
    applyLocationDeltas(this.db, this.locationDeltas);
  }
}
