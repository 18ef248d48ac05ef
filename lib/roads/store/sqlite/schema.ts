import type { SqliteSchema } from '@/lib/db/sqlite/database';

const ROADS = `
CREATE TABLE networks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  source TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  generated INTEGER NOT NULL,
  node_count INTEGER NOT NULL,
  edge_count INTEGER NOT NULL,
  unreadable TEXT NOT NULL
);
-- The one network that answers; an import switches it in the transaction that wrote the new network.
CREATE TABLE current_network (
  only INTEGER PRIMARY KEY CHECK (only = 1),
  network_id INTEGER NOT NULL REFERENCES networks (id)
);
CREATE TABLE nodes (
  network_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  osm_id INTEGER,
  lon REAL NOT NULL,
  lat REAL NOT NULL,
  PRIMARY KEY (network_id, id)
) WITHOUT ROWID;
CREATE TABLE edges (
  network_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  from_node INTEGER NOT NULL,
  to_node INTEGER NOT NULL,
  way_id INTEGER,
  highway TEXT NOT NULL,
  name TEXT,
  ref TEXT,
  length_m REAL NOT NULL,
  speed_kmh REAL NOT NULL,
  speed_from TEXT NOT NULL,
  oneway TEXT NOT NULL,
  maxheight_m REAL,
  maxwidth_m REAL,
  maxlength_m REAL,
  maxweight_t REAL,
  access TEXT,
  motorcar TEXT,
  hgv TEXT,
  hazmat TEXT,
  tunnel INTEGER NOT NULL,
  tunnel_category TEXT,
  -- Encoded polyline (latitude first) at precision 7.
  geometry TEXT NOT NULL,
  PRIMARY KEY (network_id, id)
) WITHOUT ROWID;
`;

/** Owner-only, as every store of the data directory is. */
export const ROADS_SCHEMA: SqliteSchema = {
  name: 'roads',
  ownerOnly: true,
  migrations: [{ name: 'road networks', up: (db) => db.exec(ROADS) }],
};
