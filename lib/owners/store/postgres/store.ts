import type { PgCluster } from '@/lib/db/postgres/cluster';
import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import { claimCodeFromRow, type ClaimCodeRow, claimFromRow, type ClaimRow, editFromRow, type EditRow, ownershipFromRow, type OwnershipRow } from '../row';
import type { Claim, ClaimCode, ClaimRefusal, ImportDifferences, DecisionRefusal, ListingEditRecord, NewClaim, NewListingEdit, Ownership, OwnerStore } from '../types';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const CLAIM_COLUMNS = `id, place_id, organization_id, organization_name, requested_by_id, requested_by_name, ${iso('requested_at')} AS requested_at,
  status, ${iso('decided_at')} AS decided_at, decided_by, reason`;
const OWNER_COLUMNS = `place_id, organization_id, organization_name, ${iso('since')} AS since, version, ${iso('updated_at')} AS updated_at, listing::text AS listing`;
const EDIT_COLUMNS = `id, place_id, organization_id, author_id, author_name, ${iso('at')} AS at, version, before::text AS before, after::text AS after, undoes`;
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * Claims (and their mailed codes, 0025), what imports would have changed (0026), owners and the listings' history in PostgreSQL (migration 0022), all on the primary: an owner reads back
 * at once what they wrote, from any instance.
 */
export class PostgresOwnerStore implements OwnerStore {
  private constructor(
    private readonly cluster: PgCluster,
    private readonly release_: () => Promise<void>,
  ) {}

  static async open(options: DatabaseOptions): Promise<PostgresOwnerStore> {
    const { cluster, release } = await openDatabase(options);
    return new PostgresOwnerStore(cluster, release);
  }

  private async rows<R>(sql: string, values: unknown[]): Promise<R[]> {
    return (await this.cluster.readPrimary((db) => db.query(sql, values))).rows as R[];
  }

  async requestClaim(c: NewClaim): Promise<Claim | ClaimRefusal> {
    try {
      const refused = await this.cluster.transaction(async (db): Promise<ClaimRefusal | null> => {
        // Claims and approvals of one place take turns, so an approval and a new claim never cross.
        await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`place-owner:${c.placeId}`]);
        if ((await db.query('SELECT 1 FROM place_owners WHERE place_id = $1', [c.placeId])).rowCount) return 'owned';
        await db.query(
          `INSERT INTO place_claims (id, place_id, organization_id, organization_name, requested_by_id, requested_by_name, requested_at, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending')`,
          [c.id, c.placeId, c.organizationId, c.organizationName, c.requestedById, c.requestedByName, c.requestedAt],
        );
        return null;
      });
      if (refused) return refused;
    } catch (err) {
      if (isUniqueViolation(err)) return 'pending';
      throw err;
    }
    return (await this.claim(c.id))!;
  }

  async claim(id: string): Promise<Claim | null> {
    return (await this.rows<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM place_claims WHERE id = $1`, [id])).map(claimFromRow)[0] ?? null;
  }

  async answeredClaims(limit: number): Promise<Claim[]> {
    return (await this.rows<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM place_claims WHERE status <> 'pending' ORDER BY decided_at DESC, id LIMIT $1`, [limit])).map(claimFromRow);
  }

  async claims(filter: { status?: Claim['status']; organizationId?: string; placeId?: number }): Promise<Claim[]> {
    const conditions: [string, unknown][] = [];
    if (filter.status) conditions.push(['status', filter.status]);
    if (filter.organizationId) conditions.push(['organization_id', filter.organizationId]);
    if (filter.placeId !== undefined) conditions.push(['place_id', filter.placeId]);
    const where = conditions.map(([column], i) => `${column} = $${i + 1}`);
    const sql = `SELECT ${CLAIM_COLUMNS} FROM place_claims ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY place_claims.requested_at DESC, id LIMIT 500`;
    return (await this.rows<ClaimRow>(sql, conditions.map(([, value]) => value))).map(claimFromRow);
  }

  async decideClaim(id: string, d: { approve: boolean; by: string; at: string; reason: string | null }): Promise<Claim | DecisionRefusal> {
    const refused = await this.cluster.transaction(async (db): Promise<DecisionRefusal | null> => {
      const placeOf = await db.query<{ place_id: string }>('SELECT place_id FROM place_claims WHERE id = $1', [id]);
      if (!placeOf.rowCount) return 'not_found';
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`place-owner:${placeOf.rows[0].place_id}`]);
      const claim = (await db.query<ClaimRow>('SELECT * FROM place_claims WHERE id = $1', [id])).rows[0];
      if (claim.status !== 'pending') return 'not_pending';
      if (d.approve) {
        if ((await db.query('SELECT 1 FROM place_owners WHERE place_id = $1', [claim.place_id])).rowCount) return 'owned';
        await db.query(
          `INSERT INTO place_owners (place_id, organization_id, organization_name, since, version, updated_at, listing) VALUES ($1, $2, $3, $4, 0, NULL, '{}')`,
          [claim.place_id, claim.organization_id, claim.organization_name, d.at],
        );
        await db.query(
          `UPDATE place_claims SET status = 'refused', decided_at = $1, decided_by = $2, reason = $3 WHERE place_id = $4 AND status = 'pending' AND id <> $5`,
          [d.at, d.by, `Another organization keeps this place: ${claim.organization_name}.`, claim.place_id, id],
        );
      }
      await db.query('UPDATE place_claims SET status = $1, decided_at = $2, decided_by = $3, reason = $4 WHERE id = $5', [
        d.approve ? 'approved' : 'refused', d.at, d.by, d.reason, id,
      ]);
      return null;
    });
    return refused ?? (await this.claim(id))!;
  }

  async setClaimCode(c: Omit<ClaimCode, 'attempts'>): Promise<void> {
    await this.cluster.transaction((db) =>
      db.query(
        `INSERT INTO claim_codes (claim_id, code_hash, sent_to, expires_at, attempts) VALUES ($1, $2, $3, $4, 0)
         ON CONFLICT (claim_id) DO UPDATE SET code_hash = excluded.code_hash, sent_to = excluded.sent_to, expires_at = excluded.expires_at, attempts = 0`,
        [c.claimId, c.hash, c.sentTo, c.expiresAt],
      ),
    );
  }

  async claimCode(claimId: string): Promise<ClaimCode | null> {
    const sql = `SELECT claim_id, code_hash, sent_to, ${iso('expires_at')} AS expires_at, attempts FROM claim_codes WHERE claim_id = $1`;
    return (await this.rows<ClaimCodeRow>(sql, [claimId])).map(claimCodeFromRow)[0] ?? null;
  }

  async countCodeAttempt(claimId: string): Promise<number> {
    const { rows } = await this.cluster.transaction((db) => db.query<{ attempts: number }>('UPDATE claim_codes SET attempts = attempts + 1 WHERE claim_id = $1 RETURNING attempts', [claimId]));
    return rows[0]?.attempts ?? 0;
  }

  async setImportDifferences(placeId: number, d: ImportDifferences | null): Promise<void> {
    await this.cluster.transaction((db) =>
      d
        ? db.query(
            `INSERT INTO import_differences (place_id, imported_at, fields) VALUES ($1, $2, $3::jsonb)
             ON CONFLICT (place_id) DO UPDATE SET imported_at = excluded.imported_at, fields = excluded.fields`,
            [placeId, d.at, JSON.stringify(d.fields)],
          )
        : db.query('DELETE FROM import_differences WHERE place_id = $1', [placeId]),
    );
  }

  async importDifferences(placeId: number): Promise<ImportDifferences | null> {
    const rows = await this.rows<{ imported_at: string; fields: string }>(`SELECT ${iso('imported_at')} AS imported_at, fields::text AS fields FROM import_differences WHERE place_id = $1`, [placeId]);
    return rows[0] ? { at: rows[0].imported_at, fields: JSON.parse(rows[0].fields) as ImportDifferences['fields'] } : null;
  }

  async dropImportDifferences(placeId: number, at: string, fields: string[]): Promise<void> {
    await this.cluster.transaction(async (db) => {
      await db.query('UPDATE import_differences SET fields = fields - $3::text[] WHERE place_id = $1 AND imported_at = $2', [placeId, at, fields]);
      await db.query(`DELETE FROM import_differences WHERE place_id = $1 AND fields = '{}'::jsonb`, [placeId]);
    });
  }

  async ownership(placeId: number): Promise<Ownership | null> {
    return (await this.rows<OwnershipRow>(`SELECT ${OWNER_COLUMNS} FROM place_owners WHERE place_id = $1`, [placeId])).map(ownershipFromRow)[0] ?? null;
  }

  async ownedBy(organizationId: string): Promise<Ownership[]> {
    return (await this.rows<OwnershipRow>(`SELECT ${OWNER_COLUMNS} FROM place_owners WHERE organization_id = $1 ORDER BY place_id`, [organizationId])).map(ownershipFromRow);
  }

  async allOwnerships(): Promise<Ownership[]> {
    return (await this.rows<OwnershipRow>(`SELECT ${OWNER_COLUMNS} FROM place_owners ORDER BY place_id`, [])).map(ownershipFromRow);
  }

  async release(placeId: number): Promise<boolean> {
    return ((await this.cluster.transaction((db) => db.query('DELETE FROM place_owners WHERE place_id = $1', [placeId]))).rowCount ?? 0) > 0;
  }

  async recordEdit(e: NewListingEdit, expectedVersion: number): Promise<{ ok: true; edit: ListingEditRecord } | { ok: false; current: Ownership | null }> {
    const id = await this.cluster.transaction(async (db): Promise<string | null> => {
      const updated = await db.query(
        `UPDATE place_owners SET version = version + 1, updated_at = $1, listing = listing || $2::jsonb
         WHERE place_id = $3 AND organization_id = $4 AND version = $5`,
        [e.at, JSON.stringify(e.after), e.placeId, e.organizationId, expectedVersion],
      );
      if (!updated.rowCount) return null;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO listing_edits (place_id, organization_id, author_id, author_name, at, version, before, after, undoes)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9) RETURNING id`,
        [e.placeId, e.organizationId, e.authorId, e.authorName, e.at, expectedVersion + 1, JSON.stringify(e.before), JSON.stringify(e.after), e.undoes],
      );
      return rows[0].id;
    });
    if (id === null) return { ok: false, current: await this.ownership(e.placeId) };
    return { ok: true, edit: (await this.edit(Number(id)))! };
  }

  async revertEdit(edit: ListingEditRecord, previous: Ownership): Promise<void> {
    await this.cluster.transaction(async (db) => {
      const reverted = await db.query('UPDATE place_owners SET version = $1, updated_at = $2, listing = $3::jsonb WHERE place_id = $4 AND version = $5', [
        previous.version, previous.updatedAt, JSON.stringify(previous.listing), edit.placeId, edit.version,
      ]);
      if (reverted.rowCount) await db.query('DELETE FROM listing_edits WHERE id = $1', [edit.id]);
    });
  }

  async edits(o: Pick<Ownership, 'placeId' | 'organizationId' | 'since'>, limit: number): Promise<ListingEditRecord[]> {
    return (
      await this.rows<EditRow>(
        `SELECT ${EDIT_COLUMNS} FROM listing_edits WHERE place_id = $1 AND organization_id = $2 AND at >= $3 ORDER BY id DESC LIMIT $4`,
        [o.placeId, o.organizationId, o.since, limit],
      )
    ).map(editFromRow);
  }

  /** Every instance shares the database: edits of a place take turns under an advisory lock. */
  exclusively<T>(placeId: number, fn: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.cluster.primary, `trip-explorer:place-owner-edit:${placeId}`, fn);
  }

  async edit(id: number): Promise<ListingEditRecord | null> {
    return (await this.rows<EditRow>(`SELECT ${EDIT_COLUMNS} FROM listing_edits WHERE id = $1`, [id])).map(editFromRow)[0] ?? null;
  }

  describe(): string {
    return `PostgreSQL ${this.cluster.primaryLabel}`;
  }

  async close(): Promise<void> {
    await this.release_();
  }
}
