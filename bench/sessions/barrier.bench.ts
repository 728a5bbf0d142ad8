// What PostgreSQL's change barrier costs a cached principal (docs/identity.md, "Cached principals"): one caller at
// a time, a barrier against one `select 1` through the pool (the cheapest store round trip, its floor); then
// callers in a closed loop at several concurrencies, with the round trips they shared (each distinct promise
// the barrier hands out is one `select 1` on the LISTEN connection).
// Usage: node bench/sessions/barrier.bench.ts [--calls 2000] (DATABASE_URL=postgres://…; PostgreSQL only).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';
import { machine } from '../support/process.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '2000' } } });
const calls = Number(values.calls);
if (!process.env.DATABASE_URL?.startsWith('postgres')) {
  console.log('barrier: PostgreSQL only (SQLite needs no barrier); set DATABASE_URL=postgres://…');
  process.exit(0);
}

const store = await openThrowawaySchemaStore(process.env.DATABASE_URL);
const barrier = store.changeBarrier!;
try {
  while (store.changeStamp() === undefined) await new Promise((r) => setTimeout(r, 10));
  const selectOne = async () => {
    await sql`select 1`.execute(store.db);
    return true;
  };
  const sequential = async (work: () => Promise<boolean>) => {
    const start = performance.now();
    for (let i = 0; i < calls; i++) if (!(await work())) throw new Error('a barrier failed');
    return ((performance.now() - start) / calls) * 1000;
  };
  // Warm both, then alternate so noise on the shared machine falls on both alike.
  await sequential(selectOne);
  await sequential(barrier);
  const floor: number[] = [];
  const alone: number[] = [];
  for (let round = 0; round < 3; round++) {
    floor.push(await sequential(selectOne));
    alone.push(await sequential(barrier));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`machine: ${await machine()}; store: PostgreSQL`);
  console.log(`one at a time: select 1 (pool)  mean ${mean(floor).toFixed(0)} µs`);
  console.log(
    `one at a time: barrier          mean ${mean(alone).toFixed(0)} µs  (${(mean(alone) / mean(floor)).toFixed(2)}× select 1)`,
  );

  for (const concurrency of [4, 16, 64]) {
    const trips = new Set<Promise<boolean>>();
    let done = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (done < calls) {
          done++;
          const trip = barrier();
          trips.add(trip);
          if (!(await trip)) throw new Error('a barrier failed');
        }
      }),
    );
    const ms = performance.now() - start;
    console.log(
      `${String(concurrency).padStart(2)} callers: ${((done / ms) * 1000).toFixed(0).padStart(6)} barriers/s, ` +
        `mean wait ${((ms / done) * concurrency * 1000).toFixed(0)} µs, ` +
        `${(trips.size / done).toFixed(2)} round trips per call`,
    );
  }
} finally {
  await store.close();
}
