import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { openSqlite, type SqliteDb } from '@/lib/db/sqlite/database';
import type { RoadNode } from '../../edge';
import { EdgeTableBuilder } from '../../edge-table';
import { loadWhole } from '../load-whole';
import type { LoadedNetwork, NetworkRows, NewRoadNetwork, RoadNetwork, RoadStore } from '../types';
import { EDGE_COLUMNS, edgeFromValues, edgeToRow, networkFromRow, type NetworkRow } from './rows';
import { ROADS_SCHEMA } from './schema';

/** Rows written between two turns of the event loop, so a progress bar can draw while the transaction runs. */
const CHUNK = 20_000;
/** Rows read between two turns: 20,000 edges held the loop 100 to 240 ms on a million-edge grid, 5,000 about 30 ms. */
const READ_CHUNK = 5_000;

const CURRENT = `SELECT n.* FROM current_network c JOIN networks n ON n.id = c.network_id`;

/** The road network in the data directory's roads.sqlite. */
export class SqliteRoadStore implements RoadStore {
  private constructor(
    private readonly db: SqliteDb,
    private readonly file: string,
    private readonly release: () => void,
  ) {}

  static open(file: string): SqliteRoadStore {
    const { db, release } = openSqlite(file, ROADS_SCHEMA);
    return new SqliteRoadStore(db, file, release);
  }

  describe(): string {
    return `SQLite ${this.file}`;
  }

  /** One process per SQLite file: nothing to take turns with. */
  exclusively<T>(_name: string, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  async current(): Promise<RoadNetwork | null> {
    const row = this.db.prepare(CURRENT).get() as NetworkRow | undefined;
    return row ? networkFromRow(row) : null;
  }

  load(): Promise<LoadedNetwork | null> {
    return loadWhole(() => this.current(), (network) => this.read(network));
  }

  private async read(network: RoadNetwork): Promise<LoadedNetwork> {
    // Raw rows (arrays), read in slices with a turn of the event loop between them: a load in the background never
    // holds the loop for long, and a million edges read this way take seconds where rows as objects took half a minute.
    const nodes: RoadNode[] = [];
    for await (const rows of this.rawRows('id, osm_id, lon, lat', 'nodes', network.id)) {
      for (const [id, osmId, lon, lat] of rows as [number, number | null, number, number][]) nodes.push({ id, osmId, lon, lat });
    }
    const edges = new EdgeTableBuilder(network.edgeCount);
    for await (const rows of this.rawRows(EDGE_COLUMNS.join(', '), 'edges', network.id)) for (const row of rows) edges.push(edgeFromValues(row));
    return { network, nodes, edges: edges.finish() };
  }

  /** A network's rows of a table as arrays (columns first `id`), READ_CHUNK at a time in id order, a turn of the event loop between chunks. */
  private async *rawRows(columns: string, table: 'nodes' | 'edges', networkId: number): AsyncGenerator<unknown[][]> {
    const page = this.db.prepare(`SELECT ${columns} FROM ${table} WHERE network_id = ? AND id > ? ORDER BY id LIMIT ${READ_CHUNK}`).raw(true);
    for (let after = -1; ; ) {
      const rows = page.all(networkId, after) as unknown[][];
      yield rows;
      if (rows.length < READ_CHUNK) return;
      after = rows[rows.length - 1][0] as number;
      await yieldToLoop();
    }
  }

  /**
   * One transaction writes the new network's rows and switches the current network at its end: a failure anywhere
   * rolls it all back and the previous network goes on answering. The old network's rows go afterwards.
   */
  async replace(network: NewRoadNetwork, rows: NetworkRows, onProgress?: (written: number) => void): Promise<RoadNetwork> {
    if (this.db.inTransaction) throw new Error('another road import is under way on this database');
    this.db.exec('BEGIN IMMEDIATE');
    let id: number;
    try {
      id = Number(
        this.db
          .prepare(`INSERT INTO networks (name, source, imported_at, generated, node_count, edge_count, unreadable) VALUES (?, ?, ?, ?, 0, 0, ?)`)
          .run(network.name, network.source, network.importedAt, network.generated ? 1 : 0, JSON.stringify(network.unreadable)).lastInsertRowid,
      );
      const insertNode = this.db.prepare('INSERT INTO nodes (network_id, id, osm_id, lon, lat) VALUES (?, ?, ?, ?, ?)');
      const insertEdge = this.db.prepare(`INSERT INTO edges (network_id, ${EDGE_COLUMNS.join(', ')}) VALUES (?${', ?'.repeat(EDGE_COLUMNS.length)})`);
      const counts = { nodes: 0, edges: 0 };
      const writeAll = async <T>(items: readonly T[], write: (item: T) => void) => {
        for (let i = 0; i < items.length; i += CHUNK) {
          const end = Math.min(items.length, i + CHUNK);
          for (let j = i; j < end; j++) write(items[j]);
          onProgress?.(counts.nodes + counts.edges + end);
          await yieldToLoop();
        }
      };
      for await (const batch of rows) {
        await writeAll(batch.nodes, (n) => insertNode.run(id, n.id, n.osmId, n.lon, n.lat));
        counts.nodes += batch.nodes.length;
        await writeAll(batch.edges, (e) => insertEdge.run(id, ...edgeToRow(e)));
        counts.edges += batch.edges.length;
      }
      this.db.prepare('UPDATE networks SET node_count = ?, edge_count = ? WHERE id = ?').run(counts.nodes, counts.edges, id);
      this.db.prepare('INSERT INTO current_network (only, network_id) VALUES (1, ?) ON CONFLICT (only) DO UPDATE SET network_id = excluded.network_id').run(id);
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
    this.removeOldNetworks(id);
    return (await this.current())!;
  }

  private removeOldNetworks(keep: number): void {
    this.db.transaction(() => {
      for (const table of ['nodes', 'edges']) this.db.prepare(`DELETE FROM ${table} WHERE network_id <> ?`).run(keep);
      this.db.prepare('DELETE FROM networks WHERE id <> ?').run(keep);
    })();
  }

  async close(): Promise<void> {
    this.release();
  }
}
