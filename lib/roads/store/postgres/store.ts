import type pg from 'pg';
import type { PgCluster, Queryable } from '@/lib/db/postgres/cluster';
import { openDatabase, type DatabaseOptions } from '@/lib/db/postgres/database';
import { withAdvisoryLock } from '@/lib/db/postgres/advisory-lock';
import { type EdgeTable, EdgeTableBuilder } from '../../edge-table';
import { loadWhole } from '../load-whole';
import type { LoadedNetwork, NetworkRows, NewRoadNetwork, RoadNetwork, RoadStore } from '../types';
import { edgeArrays, edgeFromRow, type EdgeRow, edgeSelect, INSERT_EDGES, INSERT_NODES, networkFromRow, type NetworkRow, nodeArrays, nodeFromRow } from './rows';

/** Rows sent in one INSERT: a progress bar moves between them. */
const CHUNK = 5_000;

/** Rows read in one query: each page is a turn of the event loop, so every instance's router loads in the background. */
const PAGE = 5_000;

const CURRENT = `SELECT n.* FROM road_current c JOIN road_networks n ON n.id = c.network_id`;

/**
 * The road network in PostgreSQL (migration 0014), beside the places and trips. Which network answers is read on
 * the primary (an import reads it back at once, and a router asks before each route); the network's rows are read
 * on a replica that has them (`onNetwork`).
 */
export class PostgresRoadStore implements RoadStore {
  private constructor(
    readonly cluster: PgCluster,
    private readonly release: () => Promise<void>,
  ) {}

  static async open(options: DatabaseOptions): Promise<PostgresRoadStore> {
    const { cluster, release } = await openDatabase(options);
    return new PostgresRoadStore(cluster, release);
  }

  describe(): string {
    const replicas = this.cluster.replicaLabels;
    return `PostgreSQL ${this.cluster.primaryLabel}${replicas.length ? `, reads on replicas ${replicas.join(', ')}` : ''}`;
  }

  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.cluster.primary, `trip-explorer:roads:${name}`, fn);
  }

  async current(): Promise<RoadNetwork | null> {
    const { rows } = await this.cluster.readPrimary((db) => db.query<NetworkRow>(CURRENT));
    return rows[0] ? networkFromRow(rows[0]) : null;
  }

  /**
   * Runs `fn` on a replica that has replayed the network's import, or else on the primary: a replica a moment
   * behind an import does not know the new network yet.
   */
  async onNetwork<T>(networkId: number, fn: (db: pg.Pool) => Promise<T>): Promise<T> {
    const has = async (db: Queryable) => (await db.query('SELECT 1 FROM road_networks WHERE id = $1', [networkId])).rowCount === 1;
    const behind = Symbol('behind');
    const answer = await this.cluster.read(async (db) => ((await has(db)) ? fn(db) : behind));
    return answer === behind ? this.cluster.readPrimary(fn) : (answer as T);
  }

  load(): Promise<LoadedNetwork | null> {
    return loadWhole(
      () => this.current(),
      (network) =>
        this.onNetwork(network.id, async (db) => ({
          network,
          nodes: await pages(db, 'SELECT id, osm_id, lon, lat FROM road_nodes WHERE network_id = $1 AND id > $2 ORDER BY id', network.id, nodeFromRow),
          edges: await edgePages(db, network),
        })),
    );
  }

  /**
   * One transaction writes the new network's rows and switches the current network at its end: a failure anywhere
   * rolls it all back and the previous network goes on answering. The old network's rows go afterwards.
   */
  async replace(network: NewRoadNetwork, rows: NetworkRows, onProgress?: (written: number) => void): Promise<RoadNetwork> {
    await this.cluster.transaction(async (db) => {
      const { rows: locked } = await db.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('road import')) AS ok`);
      if (!locked[0].ok) throw new Error('another road import is under way on this database');
      const { rows: inserted } = await db.query<{ id: number }>(
        `INSERT INTO road_networks (name, source, imported_at, generated, node_count, edge_count, unreadable) VALUES ($1, $2, $3, $4, 0, 0, $5) RETURNING id`,
        [network.name, network.source, network.importedAt, network.generated, JSON.stringify(network.unreadable)],
      );
      const networkId = inserted[0].id;
      const counts = { nodes: 0, edges: 0 };
      const writeAll = async <T>(items: readonly T[], sql: string, arrays: (chunk: readonly T[]) => unknown[][]) => {
        for (let i = 0; i < items.length; i += CHUNK) {
          const end = Math.min(items.length, i + CHUNK);
          await db.query(sql, [networkId, ...arrays(items.slice(i, end))]);
          onProgress?.(counts.nodes + counts.edges + end);
        }
      };
      for await (const batch of rows) {
        await writeAll(batch.nodes, INSERT_NODES, nodeArrays);
        counts.nodes += batch.nodes.length;
        await writeAll(batch.edges, INSERT_EDGES, edgeArrays);
        counts.edges += batch.edges.length;
      }
      await db.query('UPDATE road_networks SET node_count = $1, edge_count = $2 WHERE id = $3', [counts.nodes, counts.edges, networkId]);
      await db.query(
        'INSERT INTO road_current (only_one, network_id) VALUES (true, $1) ON CONFLICT (only_one) DO UPDATE SET network_id = excluded.network_id',
        [networkId],
      );
    });
    await this.removeOldNetworks();
    // Fresh statistics, so the planner knows how many edges a network has before autovacuum comes round.
    await this.cluster.primary.query('ANALYZE road_nodes, road_edges');
    return (await this.current())!;
  }

  /** Every network but the current one: an import another instance finished meanwhile may have replaced this one already. */
  private async removeOldNetworks(): Promise<void> {
    await this.cluster.transaction(async (db) => {
      const current = '(SELECT network_id FROM road_current)';
      for (const table of ['road_nodes', 'road_edges']) await db.query(`DELETE FROM ${table} WHERE network_id <> ${current}`);
      await db.query(`DELETE FROM road_networks WHERE id <> ${current}`);
    });
  }

  async close(): Promise<void> {
    await this.release();
  }
}

/** Every row of `sql` (which ends in `id > $2 ORDER BY id`), read PAGE at a time after the last id read. */
async function pages<Row extends { id: number }, T>(db: Queryable, sql: string, networkId: number, from: (row: Row) => T): Promise<T[]> {
  const all: T[] = [];
  for (let after = -1; ; ) {
    const { rows } = await db.query<Row>(`${sql} LIMIT ${PAGE}`, [networkId, after]);
    for (const row of rows) all.push(from(row));
    if (rows.length < PAGE) return all;
    after = rows[rows.length - 1].id;
  }
}

/** The network's edges into typed columns, PAGE rows at a time (none of them kept as objects). */
async function edgePages(db: Queryable, network: RoadNetwork): Promise<EdgeTable> {
  const edges = new EdgeTableBuilder(network.edgeCount);
  const sql = `SELECT ${edgeSelect()} FROM road_edges e WHERE network_id = $1 AND id > $2 ORDER BY id LIMIT ${PAGE}`;
  for (let after = -1; ; ) {
    const { rows } = await db.query<EdgeRow>(sql, [network.id, after]);
    for (const row of rows) edges.push(edgeFromRow(row));
    if (rows.length < PAGE) return edges.finish();
    after = rows[rows.length - 1].id;
  }
}
