import { PlaceWriter } from '../store/sqlite/writer';
import { type Db, setMeta } from '../store/sqlite/schema';
import { createGenerator, DEFAULT_SEED } from './generator';

export interface SeedOptions {
  count: number;
  baseUrl: string;
  today: string;
  seed?: number;
  onProgress?: (done: number) => void;
}

/** Generates `count` places into an empty store in one transaction. */
export function seedPlaces(db: Db, options: SeedOptions): void {
  const seed = options.seed ?? DEFAULT_SEED;
  const generator = createGenerator({ seed, baseUrl: options.baseUrl, today: options.today });
  const writer = new PlaceWriter(db, options.today);
  // A fresh file needs no write-ahead log for its first load: the rollback journal of empty pages is tiny.
  db.pragma('journal_mode = DELETE');
  db.transaction(() => {
    for (let i = 0; i < options.count; i++) {
      writer.put(generator.place(i), { replace: false });
      if (options.onProgress && (i + 1) % 50_000 === 0) options.onProgress(i + 1);
    }
    writer.finish();
    setMeta(db, 'base_url', options.baseUrl.replace(/\/+$/, ''));
    setMeta(db, 'status_as_of', options.today);
    setMeta(db, 'generated_on', options.today);
    setMeta(db, 'seed', String(seed));
  })();
  db.pragma('journal_mode = WAL');
  db.exec('ANALYZE');
}
