import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import pg from 'pg';
import { eventually } from '../../test/support/poll.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { PostgresChangeListener, PRINCIPAL_CHANNEL } from './change-stamp.ts';

// The listener is PostgreSQL's own mechanism; SQLite's stamp is covered through the principal cache tests.
for (const _ of DIALECTS.filter((dialect) => dialect === 'postgres')) {
  describe('postgres: change listener', () => {
    it('bumps on its schema’s notifications only, and is unknown while its connection is lost', async (t) => {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const appName = `bulwark-test-${schema}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const listener = new PostgresChangeListener({
        connectionString: url,
        options: `-c search_path=${schema}`,
        application_name: appName,
      });
      t.after(async () => {
        await listener.close();
        await admin.query(`drop schema ${schema}`);
        await admin.end();
      });

      assert.equal(listener.stamp(), undefined, 'not listening yet: nothing may be cached');
      const first = await eventually(listener.stamp, (s) => s !== undefined);
      assert.equal(typeof first, 'number');

      await admin.query('select pg_notify($1, $2)', [PRINCIPAL_CHANNEL, 'some_other_schema']);
      await admin.query('select pg_notify($1, $2)', [PRINCIPAL_CHANNEL, schema]);
      const bumped = await eventually(listener.stamp, (s) => s !== first);
      assert.equal(bumped, first! + 1, 'one bump: the other schema’s notification was ignored');

      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [appName],
      );
      assert.equal(await eventually(listener.stamp, (s) => s === undefined), undefined, 'lost: unknown');
      const back = await eventually(listener.stamp, (s) => s !== undefined);
      assert.ok(back !== undefined && back > bumped!, `reconnected with a new stamp (${back})`);
    });

    it('a barrier answers only once every notification committed before it has moved the stamp', async (t) => {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const appName = `bulwark-test-${schema}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const listener = new PostgresChangeListener({
        connectionString: url,
        options: `-c search_path=${schema}`,
        application_name: appName,
      });
      await admin.query(`create schema ${schema}`);
      t.after(async () => {
        await listener.close();
        await admin.query(`drop schema ${schema}`);
        await admin.end();
      });
      assert.equal(await listener.barrier(), false, 'not listening: it cannot vouch for anything');
      await eventually(listener.stamp, (s) => s !== undefined);

      // Another connection commits and its client has the answer; the next barrier has the notification.
      const missed: number[] = [];
      for (let round = 0; round < 200; round++) {
        const before = listener.stamp()!;
        await admin.query('select pg_notify($1, $2)', [PRINCIPAL_CHANNEL, schema]);
        assert.equal(await listener.barrier(), true);
        if (listener.stamp() !== before + 1) missed.push(round);
      }
      assert.deepEqual(missed, []);

      // Callers that come while a round trip is in flight share the next one, which starts after they came.
      const inFlight = listener.barrier();
      const queued = [listener.barrier(), listener.barrier(), listener.barrier()];
      assert.notEqual(queued[0], inFlight);
      assert.ok(
        queued.every((barrier) => barrier === queued[0]),
        'one round trip for all three',
      );
      assert.deepEqual(await Promise.all([inFlight, ...queued]), [true, true, true, true]);
      const after = listener.barrier();
      assert.ok(
        after !== inFlight && after !== queued[0],
        'a caller after both gets a round trip of its own',
      );
      assert.equal(await after, true);

      // The connection lost: no barrier passes until it listens again (the stamp moved meanwhile).
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [appName],
      );
      await eventually(listener.stamp, (s) => s === undefined);
      assert.equal(await listener.barrier(), false);
      await eventually(listener.stamp, (s) => s !== undefined);
      assert.equal(await listener.barrier(), true);

      // Closing: a round trip in flight and one queued answer false, as does every later one.
      const closing = [listener.barrier(), listener.barrier()];
      await listener.close();
      assert.deepEqual(await Promise.all(closing), [false, false]);
      assert.equal(await listener.barrier(), false);
    });
  });
}
