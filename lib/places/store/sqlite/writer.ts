import {
  bitIndex, maskOf, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS,
} from '../../catalog';
import { unitVector } from '../../geo';
import type { PlaceRecord } from '../../place-schema';
import { relevanceScore } from '../../ranking';
import { statusAsOf } from '../../status';
import { fold } from '../../text';
import { cellOf, FINE } from '../grid';
import { COUNT_ALL, COUNT_RV, countKeyForChain, countKeyForTag, type Db, FINE_KEY, RV_TREE_AUX } from './schema';

const tagBits = bitIndex(STANDARD_TAGS.map((t) => t.public_id));
const makeBits = bitIndex(RV_SERVICED_MAKES);
const typeBits = bitIndex(RV_TYPES);
const serviceBits = bitIndex(RV_AVAILABLE_SERVICES);

export const RV_FLAG_RENTAL = 1;
export const RV_FLAG_ASSOCIATION = 2;
export const RV_FLAG_PARTNER = 4;

export class PlaceWriteError extends Error {}

/** Splits a Place record into the search body, the detail extras and the indexed columns. */
export function placeParts(p: PlaceRecord) {
  // Spec order; detail-only fields and the account-dependent parts (tags, chain, rv_service, status) stay out.
  const body = JSON.stringify({
    id: p.id,
    name: p.name,
    alt_names: p.alt_names,
    description: p.description,
    subtitle: p.subtitle,
    hours: p.hours,
    icon: p.search_icon ?? p.icon,
    contact_info: p.contact_info,
    details: p.details,
    parking_details: p.parking_details,
    engagement: { rating_count: p.engagement.rating_count, avg_rating: p.engagement.avg_rating },
    locations: p.locations,
    images: p.images,
    road_trip_details: p.road_trip_details,
    temporary_closures: p.temporary_closures,
    fidelity: p.fidelity,
    time_zone: p.time_zone,
  }).slice(0, -1);
  const detail = JSON.stringify({
    icon: p.icon,
    visits: p.engagement.visits,
    previous_ids: p.previous_ids,
    restaurant_details: p.restaurant_details,
    reviews: p.reviews,
    regions_hierarchy: p.regions_hierarchy,
  });
  return { body, detail };
}

/**
 * Writes places in one caller-owned transaction. Count-table changes are accumulated and applied by `finish()`,
 * so a bulk load does one upsert per (key, cell) rather than one per place.
 */
export class PlaceWriter {
  private readonly deltas = new Map<string, number>();
  private readonly chainCodes = new Map<string, number>();
  private readonly stmts;

  constructor(
    private readonly db: Db,
    private readonly today: string,
  ) {
    for (const row of db.prepare('SELECT code, public_id FROM chains').all() as { code: number; public_id: string }[]) {
      this.chainCodes.set(row.public_id, row.code);
    }
    this.stmts = {
      old: db.prepare('SELECT lon, lat, tags, chain, rv FROM places WHERE id = ?'),
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
        `INSERT INTO rv_rtree (id, min_lon, max_lon, min_lat, max_lat, ${RV_TREE_AUX.join(', ')}) SELECT id, lon, lon, lat, lat, ${RV_TREE_AUX.join(', ')} FROM places WHERE id = ?`,
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

  private count(lon: number, lat: number, tags: number, chain: number, rv: number, delta: number) {
    const cell = cellOf(lon, lat);
    const fine = cellOf(lon, lat, FINE);
    const bump = (key: number) => {
      for (const k of [`${key}:${cell}`, `${key + FINE_KEY}:${fine}`]) this.deltas.set(k, (this.deltas.get(k) ?? 0) + delta);
    };
    bump(COUNT_ALL);
    if (rv) bump(COUNT_RV);
    if (chain) bump(countKeyForChain(chain));
    for (let bit = 0; bit < STANDARD_TAGS.length; bit++) if (tags & (1 << bit)) bump(countKeyForTag(bit));
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
    const old = this.stmts.old.get(id) as { lon: number; lat: number; tags: number; chain: number; rv: number } | undefined;
    if (!old) return false;
    this.count(old.lon, old.lat, old.tags, old.chain, old.rv, -1);
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
    const loc = p.locations[0];
    const lon = loc.longitude;
    const lat = loc.latitude;
    const [x, y, z] = unitVector(lon, lat);
    const cell = cellOf(lon, lat);
    const unknownTag = p.tags.find((t) => !tagBits.has(t.public_id));
    if (unknownTag) throw new PlaceWriteError(`tag ${unknownTag.public_id} is not a standard tag`);
    const tags = maskOf(p.tags.map((t) => t.public_id), tagBits);
    const chain = this.chainCode(p.chain);
    const rv = p.rv_service;
    if (rv) {
      const bad =
        rv.serviced_makes.find((v) => !makeBits.has(v)) ?? rv.serviced_rv_types.find((v) => !typeBits.has(v)) ?? rv.available_services.find((v) => !serviceBits.has(v));
      if (bad !== undefined) throw new PlaceWriteError(`rv_service value "${bad}" is not in the RV service lists`);
    }
    const status = statusAsOf(p.temporary_closures, this.today, this.today);
    const { body, detail } = placeParts(p);
    this.stmts.insertPlace.run(
      p.id, cell, lon, lat, x, y, z, tags, chain, p.fidelity, rv ? 1 : 0,
      relevanceScore({ fidelity: p.fidelity, avgRating: p.engagement.avg_rating, ratingCount: p.engagement.rating_count, images: p.images.length, reviews: p.reviews.length }),
      p.engagement.avg_rating, p.engagement.rating_count, fold(p.name), loc.country, `${loc.country}-${loc.state}`,
      rv ? maskOf(rv.serviced_makes, makeBits) : 0,
      rv ? maskOf(rv.serviced_rv_types, typeBits) : 0,
      rv ? maskOf(rv.available_services, serviceBits) : 0,
      rv ? (rv.rental_available ? RV_FLAG_RENTAL : 0) | (rv.association_member ? RV_FLAG_ASSOCIATION : 0) | (rv.partner_dealer ? RV_FLAG_PARTNER : 0) : 0,
      rv ? rv.dealer_amenities.map(fold).join('\n') : '',
      JSON.stringify(status),
      p.temporary_closures.length ? JSON.stringify(p.temporary_closures) : null,
      rv ? JSON.stringify(rv) : null,
      body,
      detail,
    );
    this.stmts.insertRtree.run(p.id, lon, lon, lat, lat, lon, lat, x, y, z, tags, chain, p.fidelity);
    if (rv) this.stmts.insertRv.run(p.id);
    this.stmts.insertFts.run(
      p.id,
      [p.name, ...p.alt_names].join('\n'),
      [p.subtitle, p.description, p.road_trip_details.editorial].join('\n'),
    );
    for (const prev of p.previous_ids) {
      if (this.stmts.isPlace.get(prev)) throw new PlaceWriteError(`previous id ${prev} is the current id of another place`);
      const owner = this.stmts.previousOwner.get(prev) as { place_id: number } | undefined;
      if (owner) throw new PlaceWriteError(`previous id ${prev} already belongs to place ${owner.place_id}`);
      this.stmts.insertPrevious.run(prev, p.id);
    }
    if (this.stmts.previousOwner.get(p.id)) throw new PlaceWriteError(`id ${p.id} is a previous id of another place`);
    for (const r of p.regions_hierarchy) this.stmts.insertRegion.run(r.id, p.id);
    this.count(lon, lat, tags, chain, rv ? 1 : 0, 1);
  }

  /** Applies the accumulated count changes. */
  finish(): void {
    for (const [k, n] of this.deltas) {
      if (n === 0) continue;
      const sep = k.indexOf(':');
      this.stmts.upsertCount.run(Number(k.slice(0, sep)), Number(k.slice(sep + 1)), n);
    }
    this.deltas.clear();
    this.stmts.dropEmpty.run();
  }
}
