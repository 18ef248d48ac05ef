import type { Statement } from 'better-sqlite3';
import { openSqlite, type SqliteDb, type SqliteSchema } from '@/lib/db/sqlite/database';
import { type CommentRow, commentFromRow, groupPhotoReports, groupReports, photoFromRow, photoReportFromRow, type PhotoReportRow, type PhotoRow, reportFromRow, type ReportRow, reviewFromRow, type ReviewRow } from '../row';
import { DuplicateReview, type NewComment, type NewPhoto, type NewPhotoReport, type NewReport, type PhotoReport, type NewReview, type Review, type ReviewChanges, type PhotoImage, type PlacePhoto, type ReviewComment, type ReviewReport, type ReviewStore, type ReviewTally, type ReviewUpdate } from '../types';

const REVIEWS = `
CREATE TABLE reviews (
  id TEXT PRIMARY KEY,
  place_id INTEGER NOT NULL,
  author_id TEXT NOT NULL,
  author_handle TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text TEXT NOT NULL,
  visited_on TEXT NOT NULL,
  rv TEXT,
  hidden_at TEXT,
  hidden_by TEXT,
  hidden_reason TEXT,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (place_id, author_id, visited_on)
);
CREATE INDEX reviews_place ON reviews (place_id, visited_on DESC);
CREATE INDEX reviews_author ON reviews (author_id, created_at);
CREATE TABLE review_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  review_id TEXT NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  author_id TEXT NOT NULL,
  author_handle TEXT NOT NULL,
  as_organization TEXT,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX review_comments_review ON review_comments (review_id, id);
`;

const REPORTS = `
CREATE TABLE review_reports (
  review_id TEXT NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  reporter_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL,
  closed_at TEXT,
  PRIMARY KEY (review_id, reporter_id)
);
CREATE INDEX review_reports_open ON review_reports (created_at) WHERE closed_at IS NULL;
`;

const PHOTOS = `
CREATE TABLE place_photos (
  id TEXT PRIMARY KEY,
  place_id INTEGER NOT NULL,
  review_id TEXT REFERENCES reviews (id) ON DELETE CASCADE,
  author_id TEXT NOT NULL,
  author_handle TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX place_photos_place ON place_photos (place_id, created_at DESC);
CREATE INDEX place_photos_author ON place_photos (author_id);
CREATE TABLE place_photo_images (
  photo_id TEXT NOT NULL REFERENCES place_photos (id) ON DELETE CASCADE,
  size TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (photo_id, size)
);
`;

const PHOTO_MODERATION = `
ALTER TABLE place_photos ADD COLUMN hidden_at TEXT;
ALTER TABLE place_photos ADD COLUMN hidden_by TEXT;
ALTER TABLE place_photos ADD COLUMN hidden_reason TEXT;
CREATE TABLE photo_reports (
  photo_id TEXT NOT NULL REFERENCES place_photos (id) ON DELETE CASCADE,
  reporter_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL,
  closed_at TEXT,
  PRIMARY KEY (photo_id, reporter_id)
);
CREATE INDEX photo_reports_open ON photo_reports (created_at) WHERE closed_at IS NULL;
`;

/** The reviews file's numbered migrations; owner-only, as every store of the data directory. */
export const REVIEWS_SCHEMA: SqliteSchema = {
  name: 'reviews',
  ownerOnly: true,
  migrations: [
    { name: 'reviews', up: (db) => db.exec(REVIEWS) },
    { name: 'review reports', up: (db) => db.exec(REPORTS) },
    { name: 'place photos', up: (db) => db.exec(PHOTOS) },
    { name: 'photo moderation', up: (db) => db.exec(PHOTO_MODERATION) },
  ],
};

const COLUMNS = 'id, place_id, author_id, author_handle, rating, text, visited_on, rv, hidden_at, hidden_by, hidden_reason, version, created_at, updated_at';
const PHOTO_COLUMNS = 'id, place_id, review_id, author_id, author_handle, fingerprint, created_at, hidden_at, hidden_by, hidden_reason';
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The reports of reviews and of photos: one table each, the same columns but the subject's. */
interface ReportTable {
  table: 'review_reports' | 'photo_reports';
  subject: 'review_id' | 'photo_id';
}
const REVIEW_REPORTS: ReportTable = { table: 'review_reports', subject: 'review_id' };
const PHOTO_REPORTS: ReportTable = { table: 'photo_reports', subject: 'photo_id' };

/** Reviews in one SQLite file of the data directory (WAL mode; comments go with their review). */
export class SqliteReviewStore implements ReviewStore {
  // Asked by every search page: compiled once.
  private readonly tallyStatement: Statement<[string], { place_id: number; count: number; rating_sum: number }>;
  private readonly visiblePhotosStatement: Statement<[string], PhotoRow>;

  private constructor(
    private readonly db: SqliteDb,
    private readonly file: string,
    private readonly release: () => void,
  ) {
    db.pragma('foreign_keys = ON');
    this.tallyStatement = db.prepare(
      'SELECT place_id, COUNT(*) AS count, SUM(rating) AS rating_sum FROM reviews WHERE hidden_at IS NULL AND place_id IN (SELECT value FROM json_each(?)) GROUP BY place_id',
    );
    this.visiblePhotosStatement = db.prepare(
      `SELECT ${PHOTO_COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} FROM place_photos p LEFT JOIN reviews r ON r.id = p.review_id
       WHERE p.place_id IN (SELECT value FROM json_each(?)) AND r.hidden_at IS NULL AND p.hidden_at IS NULL ORDER BY p.created_at DESC, p.id`,
    );
  }

  static open(file: string): SqliteReviewStore {
    const { db, release } = openSqlite(file, REVIEWS_SCHEMA);
    return new SqliteReviewStore(db, file, release);
  }

  async create(r: NewReview): Promise<Review> {
    // As PostgreSQL keeps them: one form of timestamp, so that they compare as text.
    const now = new Date(r.now).toISOString();
    try {
      this.db
        .prepare(`INSERT INTO reviews (id, place_id, author_id, author_handle, rating, text, visited_on, rv, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`)
        .run(r.id, r.placeId, r.authorId, r.authorHandle, r.rating, r.text, r.visitedOn, r.rv ? JSON.stringify(r.rv) : null, now, now);
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateReview(`a review of place ${r.placeId} for ${r.visitedOn} exists`);
      throw err;
    }
    return (await this.get(r.id))!;
  }

  async get(id: string): Promise<Review | null> {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE id = ?`).get(id) as ReviewRow | undefined;
    return row ? reviewFromRow(row) : null;
  }

  async update(id: string, expectedVersion: number, changes: ReviewChanges, now: string): Promise<ReviewUpdate> {
    const current = await this.get(id);
    if (!current || current.version !== expectedVersion) return { ok: false, current };
    const next = { ...current, ...changes };
    try {
      const done = this.db
        .prepare(`UPDATE reviews SET rating = ?, text = ?, visited_on = ?, rv = ?, author_handle = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`)
        .run(next.rating, next.text, next.visitedOn, next.rv ? JSON.stringify(next.rv) : null, next.authorHandle, new Date(now).toISOString(), id, expectedVersion);
      if (done.changes === 0) return { ok: false, current: await this.get(id) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateReview(`a review of place ${current.placeId} for ${next.visitedOn} exists`);
      throw err;
    }
    return { ok: true, review: (await this.get(id))! };
  }

  async delete(id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM reviews WHERE id = ?').run(id).changes > 0;
  }

  async deleteByAuthor(authorId: string): Promise<{ reviews: number; comments: number }> {
    return this.db.transaction(() => {
      const comments = this.db.prepare('DELETE FROM review_comments WHERE author_id = ?').run(authorId).changes;
      this.db.prepare('DELETE FROM place_photos WHERE author_id = ?').run(authorId);
      this.db.prepare('DELETE FROM review_reports WHERE reporter_id = ?').run(authorId);
      this.db.prepare('DELETE FROM photo_reports WHERE reporter_id = ?').run(authorId);
      const reviews = this.db.prepare('DELETE FROM reviews WHERE author_id = ?').run(authorId).changes;
      return { reviews, comments };
    })();
  }

  async listForPlace(placeId: number, options: { includeHidden?: boolean } = {}): Promise<Review[]> {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM reviews WHERE place_id = ?${options.includeHidden ? '' : ' AND hidden_at IS NULL'} ORDER BY visited_on DESC, created_at DESC, id`)
      .all(placeId) as ReviewRow[];
    return rows.map(reviewFromRow);
  }

  async listByAuthor(authorId: string): Promise<Review[]> {
    const rows = this.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE author_id = ? ORDER BY created_at DESC, id`).all(authorId) as ReviewRow[];
    return rows.map(reviewFromRow);
  }

  async tally(placeIds: readonly number[]): Promise<Map<number, ReviewTally>> {
    const tallies = new Map<number, ReviewTally>();
    if (!placeIds.length) return tallies;
    for (const row of this.tallyStatement.all(JSON.stringify(placeIds))) tallies.set(row.place_id, { count: row.count, ratingSum: row.rating_sum });
    return tallies;
  }

  async tallyAll(): Promise<Map<number, ReviewTally>> {
    const rows = this.db
      .prepare('SELECT place_id, COUNT(*) AS count, SUM(rating) AS rating_sum FROM reviews WHERE hidden_at IS NULL GROUP BY place_id')
      .all() as { place_id: number; count: number; rating_sum: number }[];
    return new Map(rows.map((row) => [row.place_id, { count: row.count, ratingSum: row.rating_sum }]));
  }

  async countByAuthorSince(authorId: string, since: string): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM reviews WHERE author_id = ? AND created_at >= ?').get(authorId, new Date(since).toISOString()) as { n: number }).n;
  }

  async setHidden(id: string, hidden: Review['hidden']): Promise<Review | null> {
    this.db.prepare('UPDATE reviews SET hidden_at = ?, hidden_by = ?, hidden_reason = ? WHERE id = ?').run(hidden?.at ?? null, hidden?.by ?? null, hidden?.reason ?? null, id);
    return this.get(id);
  }

  async addComment(c: NewComment): Promise<ReviewComment> {
    const { lastInsertRowid } = this.db
      .prepare('INSERT INTO review_comments (review_id, author_id, author_handle, as_organization, text, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(c.reviewId, c.authorId, c.authorHandle, c.asOrganization, c.text, new Date(c.now).toISOString());
    return commentFromRow(this.db.prepare('SELECT * FROM review_comments WHERE id = ?').get(lastInsertRowid) as CommentRow);
  }

  async addPhoto(p: NewPhoto): Promise<PlacePhoto> {
    const now = new Date(p.now).toISOString();
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO place_photos (id, place_id, review_id, author_id, author_handle, fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(p.id, p.placeId, p.reviewId, p.authorId, p.authorHandle, p.fingerprint, now);
      const image = this.db.prepare('INSERT INTO place_photo_images (photo_id, size, width, height, data) VALUES (?, ?, ?, ?, ?)');
      for (const i of p.images) image.run(p.id, i.size, i.width, i.height, i.data);
    })();
    return (await this.getPhoto(p.id))!;
  }

  async placePhotos(placeId: number): Promise<PlacePhoto[]> {
    return (this.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM place_photos WHERE place_id = ? ORDER BY created_at DESC, id`).all(placeId) as PhotoRow[]).map(photoFromRow);
  }

  async visiblePhotosOf(placeIds: readonly number[]): Promise<PlacePhoto[]> {
    return placeIds.length ? this.visiblePhotosStatement.all(JSON.stringify(placeIds)).map(photoFromRow) : [];
  }

  async getPhoto(id: string): Promise<PlacePhoto | null> {
    const row = this.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM place_photos WHERE id = ?`).get(id) as PhotoRow | undefined;
    return row ? photoFromRow(row) : null;
  }

  async photoImage(id: string, size: PhotoImage['size']): Promise<Omit<PhotoImage, 'size'> | null> {
    return (this.db.prepare('SELECT width, height, data FROM place_photo_images WHERE photo_id = ? AND size = ?').get(id, size) as Omit<PhotoImage, 'size'> | undefined) ?? null;
  }

  async deletePhoto(id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM place_photos WHERE id = ?').run(id).changes > 0;
  }

  async report(r: NewReport): Promise<boolean> {
    return this.fileReport(REVIEW_REPORTS, r.reviewId, r);
  }

  async openReports(): Promise<{ review: Review; reports: ReviewReport[] }[]> {
    const reports = (this.db.prepare('SELECT review_id, reporter_id, reason, note, created_at FROM review_reports WHERE closed_at IS NULL ORDER BY created_at, review_id').all() as ReportRow[]).map(reportFromRow);
    if (!reports.length) return [];
    const ids = JSON.stringify([...new Set(reports.map((r) => r.reviewId))]);
    const reviews = (this.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE id IN (SELECT value FROM json_each(?))`).all(ids) as ReviewRow[]).map(reviewFromRow);
    return groupReports(reviews, reports);
  }

  async reportPhoto(r: NewPhotoReport): Promise<boolean> {
    return this.fileReport(PHOTO_REPORTS, r.photoId, r);
  }

  /** One open report a person a subject: a new one, or a closed one opened again; false while theirs is open. */
  private fileReport(t: ReportTable, subjectId: string, r: Omit<NewReport, 'reviewId'>): boolean {
    const { changes } = this.db
      .prepare(
        `INSERT INTO ${t.table} (${t.subject}, reporter_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (${t.subject}, reporter_id) DO UPDATE SET reason = excluded.reason, note = excluded.note, created_at = excluded.created_at, closed_at = NULL
         WHERE ${t.table}.closed_at IS NOT NULL`,
      )
      .run(subjectId, r.reporterId, r.reason, r.note, new Date(r.now).toISOString());
    return changes > 0;
  }

  async openPhotoReports(): Promise<{ photo: PlacePhoto; reports: PhotoReport[] }[]> {
    const reports = (this.db.prepare('SELECT photo_id, reporter_id, reason, note, created_at FROM photo_reports WHERE closed_at IS NULL ORDER BY created_at, photo_id').all() as PhotoReportRow[]).map(photoReportFromRow);
    if (!reports.length) return [];
    const ids = JSON.stringify([...new Set(reports.map((r) => r.photoId))]);
    const photos = (this.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM place_photos WHERE id IN (SELECT value FROM json_each(?))`).all(ids) as PhotoRow[]).map(photoFromRow);
    return groupPhotoReports(photos, reports);
  }

  async closePhotoReports(photoId: string, now: string): Promise<number> {
    return this.db.prepare('UPDATE photo_reports SET closed_at = ? WHERE photo_id = ? AND closed_at IS NULL').run(new Date(now).toISOString(), photoId).changes;
  }

  async setPhotoHidden(id: string, hidden: PlacePhoto['hidden']): Promise<PlacePhoto | null> {
    const at = hidden ? new Date(hidden.at).toISOString() : null;
    this.db.prepare('UPDATE place_photos SET hidden_at = ?, hidden_by = ?, hidden_reason = ? WHERE id = ?').run(at, hidden?.by ?? null, hidden?.reason ?? null, id);
    return this.getPhoto(id);
  }

  async hiddenPhotos(limit: number): Promise<PlacePhoto[]> {
    return (this.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM place_photos WHERE hidden_at IS NOT NULL ORDER BY hidden_at DESC, id LIMIT ?`).all(limit) as PhotoRow[]).map(photoFromRow);
  }

  async hiddenReviews(limit: number): Promise<Review[]> {
    return (this.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE hidden_at IS NOT NULL ORDER BY hidden_at DESC, id LIMIT ?`).all(limit) as ReviewRow[]).map(reviewFromRow);
  }

  async closeReports(reviewId: string, now: string): Promise<number> {
    return this.db.prepare('UPDATE review_reports SET closed_at = ? WHERE review_id = ? AND closed_at IS NULL').run(new Date(now).toISOString(), reviewId).changes;
  }

  async comments(reviewIds: readonly string[]): Promise<ReviewComment[]> {
    if (!reviewIds.length) return [];
    const rows = this.db
      .prepare('SELECT * FROM review_comments WHERE review_id IN (SELECT value FROM json_each(?)) ORDER BY id')
      .all(JSON.stringify(reviewIds)) as CommentRow[];
    return rows.map(commentFromRow);
  }

  describe(): string {
    return `SQLite ${this.file}`;
  }

  async close(): Promise<void> {
    this.release();
  }
}
