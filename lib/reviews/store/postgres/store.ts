import type { PgCluster } from '@/lib/db/postgres/cluster';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import { type CommentRow, commentFromRow, groupPhotoReports, groupReports, photoFromRow, photoReportFromRow, type PhotoReportRow, type PhotoRow, reportFromRow, type ReportRow, reviewFromRow, type ReviewRow } from '../row';
import { DuplicateReview, type NewComment, type NewPhoto, type NewPhotoReport, type NewReport, type PhotoReport, type NewReview, type Review, type ReviewChanges, type PhotoImage, type PlacePhoto, type ReviewComment, type ReviewReport, type ReviewStore, type ReviewTally, type ReviewUpdate } from '../types';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// Timestamps as ISO strings, the visit as YYYY-MM-DD and the RV details as JSON text: the shape the SQLite store reads.
const COLUMNS = `id, place_id, author_id, author_handle, rating, text, to_char(visited_on, 'YYYY-MM-DD') AS visited_on, rv::text AS rv,
  ${iso('hidden_at')} AS hidden_at, hidden_by, hidden_reason, version, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at`;
const PHOTO_COLUMNS = `id, place_id, review_id, author_id, author_handle, fingerprint, ${iso('created_at')} AS created_at, ${iso('hidden_at')} AS hidden_at, hidden_by, hidden_reason`;
const COMMENT_COLUMNS = `id, review_id, author_id, author_handle, as_organization, text, ${iso('created_at')} AS created_at`;
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** The reports of reviews and of photos: one table each, the same columns but the subject's. */
interface ReportTable {
  table: 'review_reports' | 'photo_reports';
  subject: 'review_id' | 'photo_id';
}
const REVIEW_REPORTS: ReportTable = { table: 'review_reports', subject: 'review_id' };
const PHOTO_REPORTS: ReportTable = { table: 'photo_reports', subject: 'photo_id' };

/**
 * Reviews in PostgreSQL (migration 0018), read and written on the primary (an author reads back what they just wrote,
 * and a place's details count it at once on every instance), except the tallies of search pages, read on a replica.
 */
export class PostgresReviewStore implements ReviewStore {
  private constructor(
    private readonly cluster: PgCluster,
    private readonly release: () => Promise<void>,
  ) {}

  static async open(options: DatabaseOptions): Promise<PostgresReviewStore> {
    const { cluster, release } = await openDatabase(options);
    return new PostgresReviewStore(cluster, release);
  }

  private async reviews(sql: string, values: unknown[]): Promise<Review[]> {
    const { rows } = await this.cluster.readPrimary((db) => db.query<ReviewRow>(sql, values));
    return rows.map(reviewFromRow);
  }

  async create(r: NewReview): Promise<Review> {
    try {
      await this.cluster.transaction((db) =>
        db.query(
          `INSERT INTO reviews (id, place_id, author_id, author_handle, rating, text, visited_on, rv, version, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, 1, $9, $9)`,
          [r.id, r.placeId, r.authorId, r.authorHandle, r.rating, r.text, r.visitedOn, r.rv ? JSON.stringify(r.rv) : null, r.now],
        ),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateReview(`a review of place ${r.placeId} for ${r.visitedOn} exists`);
      throw err;
    }
    return (await this.get(r.id))!;
  }

  async get(id: string): Promise<Review | null> {
    return (await this.reviews(`SELECT ${COLUMNS} FROM reviews WHERE id = $1`, [id]))[0] ?? null;
  }

  async update(id: string, expectedVersion: number, changes: ReviewChanges, now: string): Promise<ReviewUpdate> {
    const current = await this.get(id);
    if (!current || current.version !== expectedVersion) return { ok: false, current };
    const next = { ...current, ...changes };
    try {
      const { rowCount } = await this.cluster.transaction((db) =>
        db.query(
          `UPDATE reviews SET rating = $1, text = $2, visited_on = $3, rv = $4::jsonb, author_handle = $5, version = version + 1, updated_at = $6
           WHERE id = $7 AND version = $8`,
          [next.rating, next.text, next.visitedOn, next.rv ? JSON.stringify(next.rv) : null, next.authorHandle, now, id, expectedVersion],
        ),
      );
      if (rowCount === 0) return { ok: false, current: await this.get(id) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateReview(`a review of place ${current.placeId} for ${next.visitedOn} exists`);
      throw err;
    }
    return { ok: true, review: (await this.get(id))! };
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.cluster.transaction((db) => db.query('DELETE FROM reviews WHERE id = $1', [id]));
    return (rowCount ?? 0) > 0;
  }

  deleteByAuthor(authorId: string): Promise<{ reviews: number; comments: number }> {
    return this.cluster.transaction(async (db) => {
      const comments = (await db.query('DELETE FROM review_comments WHERE author_id = $1', [authorId])).rowCount ?? 0;
      await db.query('DELETE FROM place_photos WHERE author_id = $1', [authorId]);
      await db.query('DELETE FROM review_reports WHERE reporter_id = $1', [authorId]);
      await db.query('DELETE FROM photo_reports WHERE reporter_id = $1', [authorId]);
      const reviews = (await db.query('DELETE FROM reviews WHERE author_id = $1', [authorId])).rowCount ?? 0;
      return { reviews, comments };
    });
  }

  listForPlace(placeId: number, options: { includeHidden?: boolean } = {}): Promise<Review[]> {
    return this.reviews(
      `SELECT ${COLUMNS} FROM reviews WHERE place_id = $1${options.includeHidden ? '' : ' AND hidden_at IS NULL'} ORDER BY reviews.visited_on DESC, reviews.created_at DESC, id`,
      [placeId],
    );
  }

  listByAuthor(authorId: string): Promise<Review[]> {
    return this.reviews(`SELECT ${COLUMNS} FROM reviews WHERE author_id = $1 ORDER BY reviews.created_at DESC, id`, [authorId]);
  }

  async tallyAll(): Promise<Map<number, ReviewTally>> {
    const { rows } = await this.cluster.primary.query<{ place_id: string; count: string; rating_sum: string }>(
      'SELECT place_id, COUNT(*) AS count, SUM(rating) AS rating_sum FROM reviews WHERE hidden_at IS NULL GROUP BY place_id',
    );
    return new Map(rows.map((row) => [Number(row.place_id), { count: Number(row.count), ratingSum: Number(row.rating_sum) }]));
  }

  async tally(placeIds: readonly number[]): Promise<Map<number, ReviewTally>> {
    const tallies = new Map<number, ReviewTally>();
    if (!placeIds.length) return tallies;
    // Asked by every search page: read on a replica, off the primary every instance shares. A count may lag the
    // author's write by the replica's delay; their place's details read the primary.
    const { rows } = await this.cluster.read((db) =>
      db.query<{ place_id: string; count: string; rating_sum: string }>(
        'SELECT place_id, COUNT(*) AS count, SUM(rating) AS rating_sum FROM reviews WHERE hidden_at IS NULL AND place_id = ANY($1::bigint[]) GROUP BY place_id',
        [placeIds],
      ),
    );
    for (const row of rows) tallies.set(Number(row.place_id), { count: Number(row.count), ratingSum: Number(row.rating_sum) });
    return tallies;
  }

  async countByAuthorSince(authorId: string, since: string): Promise<number> {
    const { rows } = await this.cluster.readPrimary((db) => db.query<{ n: string }>('SELECT COUNT(*) AS n FROM reviews WHERE author_id = $1 AND created_at >= $2', [authorId, since]));
    return Number(rows[0].n);
  }

  async setHidden(id: string, hidden: Review['hidden']): Promise<Review | null> {
    await this.cluster.transaction((db) =>
      db.query('UPDATE reviews SET hidden_at = $1, hidden_by = $2, hidden_reason = $3 WHERE id = $4', [hidden?.at ?? null, hidden?.by ?? null, hidden?.reason ?? null, id]),
    );
    return this.get(id);
  }

  async addComment(c: NewComment): Promise<ReviewComment> {
    const { rows } = await this.cluster.transaction((db) =>
      db.query<CommentRow>(
        `INSERT INTO review_comments (review_id, author_id, author_handle, as_organization, text, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COMMENT_COLUMNS}`,
        [c.reviewId, c.authorId, c.authorHandle, c.asOrganization, c.text, c.now],
      ),
    );
    return commentFromRow(rows[0]);
  }

  async addPhoto(p: NewPhoto): Promise<PlacePhoto> {
    await this.cluster.transaction(async (db) => {
      await db.query('INSERT INTO place_photos (id, place_id, review_id, author_id, author_handle, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        p.id,
        p.placeId,
        p.reviewId,
        p.authorId,
        p.authorHandle,
        p.fingerprint,
        p.now,
      ]);
      for (const i of p.images) {
        await db.query('INSERT INTO place_photo_images (photo_id, size, width, height, data) VALUES ($1, $2, $3, $4, $5)', [p.id, i.size, i.width, i.height, i.data]);
      }
    });
    return (await this.getPhoto(p.id))!;
  }

  private async photos(where: string, value: unknown): Promise<PlacePhoto[]> {
    const { rows } = await this.cluster.readPrimary((db) =>
      db.query<PhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM place_photos WHERE ${where} ORDER BY place_photos.created_at DESC, id`, [value]),
    );
    return rows.map(photoFromRow);
  }

  placePhotos(placeId: number): Promise<PlacePhoto[]> {
    return this.photos('place_id = $1', placeId);
  }

  async visiblePhotosOf(placeIds: readonly number[]): Promise<PlacePhoto[]> {
    if (!placeIds.length) return [];
    // Asked by every search page, as the tallies: read on a replica.
    const { rows } = await this.cluster.read((db) =>
      db.query<PhotoRow>(
        `SELECT p.id, p.place_id, p.review_id, p.author_id, p.author_handle, p.fingerprint, ${iso('p.created_at')} AS created_at, NULL AS hidden_at, NULL AS hidden_by, NULL AS hidden_reason
         FROM place_photos p LEFT JOIN reviews r ON r.id = p.review_id
         WHERE p.place_id = ANY($1::bigint[]) AND r.hidden_at IS NULL AND p.hidden_at IS NULL ORDER BY p.created_at DESC, p.id`,
        [placeIds],
      ),
    );
    return rows.map(photoFromRow);
  }

  async getPhoto(id: string): Promise<PlacePhoto | null> {
    return (await this.photos('id = $1', id))[0] ?? null;
  }

  async photoImage(id: string, size: PhotoImage['size']): Promise<Omit<PhotoImage, 'size'> | null> {
    // An image never changes once written: a replica that has it answers, the primary one written a moment ago.
    const sql = 'SELECT width, height, data FROM place_photo_images WHERE photo_id = $1 AND size = $2';
    const { rows } = await this.cluster.read((db) => db.query<Omit<PhotoImage, 'size'>>(sql, [id, size]));
    if (rows[0]) return rows[0];
    const primary = await this.cluster.readPrimary((db) => db.query<Omit<PhotoImage, 'size'>>(sql, [id, size]));
    return primary.rows[0] ?? null;
  }

  async deletePhoto(id: string): Promise<boolean> {
    const { rowCount } = await this.cluster.transaction((db) => db.query('DELETE FROM place_photos WHERE id = $1', [id]));
    return (rowCount ?? 0) > 0;
  }

  async report(r: NewReport): Promise<boolean> {
    return this.fileReport(REVIEW_REPORTS, r.reviewId, r);
  }

  async openReports(): Promise<{ review: Review; reports: ReviewReport[] }[]> {
    const { rows } = await this.cluster.readPrimary((db) =>
      db.query<ReportRow>(`SELECT review_id, reporter_id, reason, note, ${iso('created_at')} AS created_at FROM review_reports WHERE closed_at IS NULL ORDER BY review_reports.created_at, review_id`),
    );
    if (!rows.length) return [];
    const reports = rows.map(reportFromRow);
    const reviews = await this.reviews(`SELECT ${COLUMNS} FROM reviews WHERE id = ANY($1::text[])`, [[...new Set(reports.map((r) => r.reviewId))]]);
    return groupReports(reviews, reports);
  }

  async reportPhoto(r: NewPhotoReport): Promise<boolean> {
    return this.fileReport(PHOTO_REPORTS, r.photoId, r);
  }

  /** One open report a person a subject: a new one, or a closed one opened again; false while theirs is open. */
  private async fileReport(t: ReportTable, subjectId: string, r: Omit<NewReport, 'reviewId'>): Promise<boolean> {
    const { rowCount } = await this.cluster.transaction((db) =>
      db.query(
        `INSERT INTO ${t.table} (${t.subject}, reporter_id, reason, note, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (${t.subject}, reporter_id) DO UPDATE SET reason = excluded.reason, note = excluded.note, created_at = excluded.created_at, closed_at = NULL
         WHERE ${t.table}.closed_at IS NOT NULL`,
        [subjectId, r.reporterId, r.reason, r.note, r.now],
      ),
    );
    return (rowCount ?? 0) > 0;
  }

  async openPhotoReports(): Promise<{ photo: PlacePhoto; reports: PhotoReport[] }[]> {
    const { rows } = await this.cluster.readPrimary((db) =>
      db.query<PhotoReportRow>(`SELECT photo_id, reporter_id, reason, note, ${iso('created_at')} AS created_at FROM photo_reports WHERE closed_at IS NULL ORDER BY photo_reports.created_at, photo_id`),
    );
    if (!rows.length) return [];
    const reports = rows.map(photoReportFromRow);
    const photos = await this.photos('id = ANY($1::text[])', [...new Set(reports.map((r) => r.photoId))]);
    return groupPhotoReports(photos, reports);
  }

  async closePhotoReports(photoId: string, now: string): Promise<number> {
    const { rowCount } = await this.cluster.transaction((db) => db.query('UPDATE photo_reports SET closed_at = $1 WHERE photo_id = $2 AND closed_at IS NULL', [now, photoId]));
    return rowCount ?? 0;
  }

  async setPhotoHidden(id: string, hidden: PlacePhoto['hidden']): Promise<PlacePhoto | null> {
    await this.cluster.transaction((db) =>
      db.query('UPDATE place_photos SET hidden_at = $1, hidden_by = $2, hidden_reason = $3 WHERE id = $4', [hidden?.at ?? null, hidden?.by ?? null, hidden?.reason ?? null, id]),
    );
    return this.getPhoto(id);
  }

  async hiddenPhotos(limit: number): Promise<PlacePhoto[]> {
    const { rows } = await this.cluster.readPrimary((db) =>
      db.query<PhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM place_photos WHERE hidden_at IS NOT NULL ORDER BY place_photos.hidden_at DESC, id LIMIT $1`, [limit]),
    );
    return rows.map(photoFromRow);
  }

  async hiddenReviews(limit: number): Promise<Review[]> {
    return this.reviews(`SELECT ${COLUMNS} FROM reviews WHERE hidden_at IS NOT NULL ORDER BY reviews.hidden_at DESC, id LIMIT $1`, [limit]);
  }

  async closeReports(reviewId: string, now: string): Promise<number> {
    const { rowCount } = await this.cluster.transaction((db) => db.query('UPDATE review_reports SET closed_at = $1 WHERE review_id = $2 AND closed_at IS NULL', [now, reviewId]));
    return rowCount ?? 0;
  }

  async comments(reviewIds: readonly string[]): Promise<ReviewComment[]> {
    if (!reviewIds.length) return [];
    const { rows } = await this.cluster.readPrimary((db) =>
      db.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM review_comments WHERE review_id = ANY($1::text[]) ORDER BY id`, [reviewIds]),
    );
    return rows.map(commentFromRow);
  }

  describe(): string {
    return `PostgreSQL ${this.cluster.primaryLabel}`;
  }

  async close(): Promise<void> {
    await this.release();
  }
}
