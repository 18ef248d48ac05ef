import { openSqlite, type SqliteDb, type SqliteSchema } from '@/lib/db/sqlite/database';
import { claimCodeFromRow, type ClaimCodeRow, claimFromRow, type ClaimRow, editFromRow, type EditRow, ownershipFromRow, type OwnershipRow } from '../row';
import type { Claim, ClaimCode, ClaimRefusal, ImportDifferences, DecisionRefusal, ListingEditRecord, NewClaim, NewListingEdit, Ownership, OwnerStore } from '../types';

const OWNERS = `
CREATE TABLE place_claims (
  id TEXT PRIMARY KEY,
  place_id INTEGER NOT NULL,
  organization_id TEXT NOT NULL,
  organization_name TEXT NOT NULL,
  requested_by_id TEXT NOT NULL,
  requested_by_name TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'refused')),
  decided_at TEXT,
  decided_by TEXT,
  reason TEXT
);
CREATE UNIQUE INDEX place_claims_pending ON place_claims (place_id, organization_id) WHERE status = 'pending';
CREATE INDEX place_claims_organization ON place_claims (organization_id, requested_at DESC);
CREATE INDEX place_claims_status ON place_claims (status, requested_at DESC);
CREATE TABLE place_owners (
  place_id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL,
  organization_name TEXT NOT NULL,
  since TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at TEXT,
  listing TEXT NOT NULL
);
CREATE INDEX place_owners_organization ON place_owners (organization_id, place_id);
CREATE TABLE listing_edits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  place_id INTEGER NOT NULL,
  organization_id TEXT NOT NULL,
  author_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  at TEXT NOT NULL,
  version INTEGER NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  undoes INTEGER
);
CREATE INDEX listing_edits_place ON listing_edits (place_id, id DESC);
`;

const CLAIM_CODES = `
CREATE TABLE claim_codes (
  claim_id TEXT PRIMARY KEY REFERENCES place_claims (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  sent_to TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);
`;

const IMPORT_DIFFERENCES = `
CREATE TABLE import_differences (
  place_id INTEGER PRIMARY KEY,
  imported_at TEXT NOT NULL,
  fields TEXT NOT NULL
);
`;

export const OWNERS_SCHEMA: SqliteSchema = {
  name: 'owners',
  ownerOnly: true,
  migrations: [
    { name: 'place owners', up: (db) => db.exec(OWNERS) },
    { name: 'claim codes', up: (db) => db.exec(CLAIM_CODES) },
    { name: 'import differences', up: (db) => db.exec(IMPORT_DIFFERENCES) },
  ],
};

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
const iso = (at: string) => new Date(at).toISOString();

/** Claims, owners and the listings' history in one SQLite file of the data directory. */
export class SqliteOwnerStore implements OwnerStore {
  private readonly turns = new Map<number, Promise<void>>();

  private constructor(
    private readonly db: SqliteDb,
    private readonly file: string,
    private readonly release_: () => void,
  ) {}

  static open(file: string): SqliteOwnerStore {
    const { db, release } = openSqlite(file, OWNERS_SCHEMA);
    return new SqliteOwnerStore(db, file, release);
  }

  async requestClaim(c: NewClaim): Promise<Claim | ClaimRefusal> {
    const insert = this.db.transaction((): ClaimRefusal | null => {
      if (this.db.prepare('SELECT 1 FROM place_owners WHERE place_id = ?').get(c.placeId)) return 'owned';
      this.db
        .prepare(
          `INSERT INTO place_claims (id, place_id, organization_id, organization_name, requested_by_id, requested_by_name, requested_at, status)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')`,
        )
        .run(c.id, c.placeId, c.organizationId, c.organizationName, c.requestedById, c.requestedByName, iso(c.requestedAt));
      return null;
    });
    try {
      const refused = insert.immediate();
      if (refused) return refused;
    } catch (err) {
      if (isUniqueViolation(err)) return 'pending';
      throw err;
    }
    return (await this.claim(c.id))!;
  }

  async claim(id: string): Promise<Claim | null> {
    const row = this.db.prepare('SELECT * FROM place_claims WHERE id = ?').get(id) as ClaimRow | undefined;
    return row ? claimFromRow(row) : null;
  }

  async answeredClaims(limit: number): Promise<Claim[]> {
    return (this.db.prepare(`SELECT * FROM place_claims WHERE status <> 'pending' ORDER BY decided_at DESC, id LIMIT ?`).all(limit) as ClaimRow[]).map(claimFromRow);
  }

  async claims(filter: { status?: Claim['status']; organizationId?: string; placeId?: number }): Promise<Claim[]> {
    const conditions: [string, unknown][] = [];
    if (filter.status) conditions.push(['status = ?', filter.status]);
    if (filter.organizationId) conditions.push(['organization_id = ?', filter.organizationId]);
    if (filter.placeId !== undefined) conditions.push(['place_id = ?', filter.placeId]);
    const where = conditions.map(([sql]) => sql);
    const values = conditions.map(([, value]) => value);
    const sql = `SELECT * FROM place_claims ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY requested_at DESC, id LIMIT 500`;
    return (this.db.prepare(sql).all(...values) as ClaimRow[]).map(claimFromRow);
  }

  async decideClaim(id: string, d: { approve: boolean; by: string; at: string; reason: string | null }): Promise<Claim | DecisionRefusal> {
    const decide = this.db.transaction((): DecisionRefusal | null => {
      const claim = this.db.prepare('SELECT * FROM place_claims WHERE id = ?').get(id) as ClaimRow | undefined;
      if (!claim) return 'not_found';
      if (claim.status !== 'pending') return 'not_pending';
      if (d.approve) {
        if (this.db.prepare('SELECT 1 FROM place_owners WHERE place_id = ?').get(claim.place_id)) return 'owned';
        this.db
          .prepare(`INSERT INTO place_owners (place_id, organization_id, organization_name, since, version, updated_at, listing) VALUES (?, ?, ?, ?, 0, NULL, '{}')`)
          .run(claim.place_id, claim.organization_id, claim.organization_name, iso(d.at));
        // The other organizations' claims on the place are answered with it.
        this.db
          .prepare(`UPDATE place_claims SET status = 'refused', decided_at = ?, decided_by = ?, reason = ? WHERE place_id = ? AND status = 'pending' AND id <> ?`)
          .run(iso(d.at), d.by, `Another organization keeps this place: ${claim.organization_name}.`, claim.place_id, id);
      }
      this.db
        .prepare('UPDATE place_claims SET status = ?, decided_at = ?, decided_by = ?, reason = ? WHERE id = ?')
        .run(d.approve ? 'approved' : 'refused', iso(d.at), d.by, d.reason, id);
      return null;
    });
    const refused = decide.immediate();
    return refused ?? (await this.claim(id))!;
  }

  async setClaimCode(c: Omit<ClaimCode, 'attempts'>): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO claim_codes (claim_id, code_hash, sent_to, expires_at, attempts) VALUES (?, ?, ?, ?, 0)
         ON CONFLICT (claim_id) DO UPDATE SET code_hash = excluded.code_hash, sent_to = excluded.sent_to, expires_at = excluded.expires_at, attempts = 0`,
      )
      .run(c.claimId, c.hash, c.sentTo, iso(c.expiresAt));
  }

  async claimCode(claimId: string): Promise<ClaimCode | null> {
    const row = this.db.prepare('SELECT * FROM claim_codes WHERE claim_id = ?').get(claimId) as ClaimCodeRow | undefined;
    return row ? claimCodeFromRow(row) : null;
  }

  async countCodeAttempt(claimId: string): Promise<number> {
    return (this.db.prepare('UPDATE claim_codes SET attempts = attempts + 1 WHERE claim_id = ? RETURNING attempts').pluck().get(claimId) as number | undefined) ?? 0;
  }

  async setImportDifferences(placeId: number, d: ImportDifferences | null): Promise<void> {
    if (!d) {
      this.db.prepare('DELETE FROM import_differences WHERE place_id = ?').run(placeId);
      return;
    }
    this.db
      .prepare('INSERT INTO import_differences (place_id, imported_at, fields) VALUES (?, ?, ?) ON CONFLICT (place_id) DO UPDATE SET imported_at = excluded.imported_at, fields = excluded.fields')
      .run(placeId, iso(d.at), JSON.stringify(d.fields));
  }

  async importDifferences(placeId: number): Promise<ImportDifferences | null> {
    const row = this.db.prepare('SELECT imported_at, fields FROM import_differences WHERE place_id = ?').get(placeId) as { imported_at: string; fields: string } | undefined;
    return row ? { at: row.imported_at, fields: JSON.parse(row.fields) as ImportDifferences['fields'] } : null;
  }

  async dropImportDifferences(placeId: number, at: string, fields: string[]): Promise<void> {
    this.db.transaction(() => {
      const row = this.db.prepare('SELECT fields FROM import_differences WHERE place_id = ? AND imported_at = ?').get(placeId, iso(at)) as { fields: string } | undefined;
      if (!row) return;
      const left = Object.fromEntries(Object.entries(JSON.parse(row.fields) as Record<string, unknown>).filter(([f]) => !fields.includes(f)));
      if (Object.keys(left).length) this.db.prepare('UPDATE import_differences SET fields = ? WHERE place_id = ?').run(JSON.stringify(left), placeId);
      else this.db.prepare('DELETE FROM import_differences WHERE place_id = ?').run(placeId);
    }).immediate();
  }

  async ownership(placeId: number): Promise<Ownership | null> {
    const row = this.db.prepare('SELECT * FROM place_owners WHERE place_id = ?').get(placeId) as OwnershipRow | undefined;
    return row ? ownershipFromRow(row) : null;
  }

  async ownedBy(organizationId: string): Promise<Ownership[]> {
    return (this.db.prepare('SELECT * FROM place_owners WHERE organization_id = ? ORDER BY place_id').all(organizationId) as OwnershipRow[]).map(ownershipFromRow);
  }

  async allOwnerships(): Promise<Ownership[]> {
    return (this.db.prepare('SELECT * FROM place_owners ORDER BY place_id').all() as OwnershipRow[]).map(ownershipFromRow);
  }

  async release(placeId: number): Promise<boolean> {
    return this.db.prepare('DELETE FROM place_owners WHERE place_id = ?').run(placeId).changes > 0;
  }

  async recordEdit(e: NewListingEdit, expectedVersion: number): Promise<{ ok: true; edit: ListingEditRecord } | { ok: false; current: Ownership | null }> {
    const record = this.db.transaction((): number | null => {
      const owner = this.db.prepare('SELECT * FROM place_owners WHERE place_id = ?').get(e.placeId) as OwnershipRow | undefined;
      if (!owner || owner.organization_id !== e.organizationId || owner.version !== expectedVersion) return null;
      const version = expectedVersion + 1;
      const listing = { ...JSON.parse(owner.listing), ...e.after };
      this.db
        .prepare('UPDATE place_owners SET version = ?, updated_at = ?, listing = ? WHERE place_id = ?')
        .run(version, iso(e.at), JSON.stringify(listing), e.placeId);
      return Number(
        this.db
          .prepare(
            `INSERT INTO listing_edits (place_id, organization_id, author_id, author_name, at, version, before, after, undoes)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(e.placeId, e.organizationId, e.authorId, e.authorName, iso(e.at), version, JSON.stringify(e.before), JSON.stringify(e.after), e.undoes).lastInsertRowid,
      );
    });
    const id = record.immediate();
    if (id === null) return { ok: false, current: await this.ownership(e.placeId) };
    return { ok: true, edit: (await this.edit(id))! };
  }

  async revertEdit(edit: ListingEditRecord, previous: Ownership): Promise<void> {
    this.db.transaction(() => {
      const reverted = this.db
        .prepare('UPDATE place_owners SET version = ?, updated_at = ?, listing = ? WHERE place_id = ? AND version = ?')
        .run(previous.version, previous.updatedAt, JSON.stringify(previous.listing), edit.placeId, edit.version);
      if (reverted.changes) this.db.prepare('DELETE FROM listing_edits WHERE id = ?').run(edit.id);
    }).immediate();
  }

  async edits(o: Pick<Ownership, 'placeId' | 'organizationId' | 'since'>, limit: number): Promise<ListingEditRecord[]> {
    return (
      this.db
        .prepare('SELECT * FROM listing_edits WHERE place_id = ? AND organization_id = ? AND at >= ? ORDER BY id DESC LIMIT ?')
        .all(o.placeId, o.organizationId, iso(o.since), limit) as EditRow[]
    ).map(editFromRow);
  }

  /** One process writes this file: edits of a place take turns here. */
  async exclusively<T>(placeId: number, fn: () => Promise<T>): Promise<T> {
    const before = this.turns.get(placeId) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(placeId, settled);
    try {
      return await mine;
    } finally {
      if (this.turns.get(placeId) === settled) this.turns.delete(placeId);
    }
  }

  async edit(id: number): Promise<ListingEditRecord | null> {
    const row = this.db.prepare('SELECT * FROM listing_edits WHERE id = ?').get(id) as EditRow | undefined;
    return row ? editFromRow(row) : null;
  }

  describe(): string {
    return `SQLite ${this.file}`;
  }

  close(): void {
    this.release_();
  }
}
