import pg from 'pg';
const url = 'postgres://postgres@127.0.0.1:46819/bench';
async function main() {
  const c = new pg.Client({ connectionString: url, options: '-c jit=off' }); await c.connect();
  const sql = process.argv[2];
  for (let i = 0; i < 2; i++) { const r = await c.query('EXPLAIN (ANALYZE, BUFFERS) ' + sql); if (i) console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n')); }
  await c.end();
}
main();
