import { EXPLORER_SESSIONS_FILE, EXPLORER_SESSIONS_SCHEMA } from '@/lib/auth/session-records/sqlite/schema';
import type { SqliteSchema } from '@/lib/db/sqlite/database';
import { IDENTITY_DB_FILE, IDENTITY_SCHEMA } from '@/lib/identity/store';
import { API_CLIENTS_SCHEMA, CLIENTS_FILE } from '@/lib/places/auth/client-store';
import { OWNERS_FILE } from '@/lib/owners/store';
import { OWNERS_SCHEMA } from '@/lib/owners/store/sqlite/store';
import { PLACES_FILE } from '@/lib/places/store';
import { PLACES_SCHEMA } from '@/lib/places/store/sqlite/schema';
import { REVIEWS_FILE } from '@/lib/reviews/store';
import { REVIEWS_SCHEMA } from '@/lib/reviews/store/sqlite/store';
import { ROADS_FILE } from '@/lib/roads/store';
import { ROADS_SCHEMA } from '@/lib/roads/store/sqlite/schema';
import { TRIPS_FILE } from '@/lib/trips/store';
import { TRIPS_SCHEMA } from '@/lib/trips/store/sqlite/store';

/** Every SQLite file of the data directory with its numbered migrations: what `npm run db:migrate` walks. */
export const SQLITE_FILES: readonly { file: string; schema: SqliteSchema }[] = [
  { file: PLACES_FILE, schema: PLACES_SCHEMA },
  { file: CLIENTS_FILE, schema: API_CLIENTS_SCHEMA },
  { file: IDENTITY_DB_FILE, schema: IDENTITY_SCHEMA },
  { file: TRIPS_FILE, schema: TRIPS_SCHEMA },
  { file: EXPLORER_SESSIONS_FILE, schema: EXPLORER_SESSIONS_SCHEMA },
  { file: ROADS_FILE, schema: ROADS_SCHEMA },
  { file: REVIEWS_FILE, schema: REVIEWS_SCHEMA },
  { file: OWNERS_FILE, schema: OWNERS_SCHEMA },
];
