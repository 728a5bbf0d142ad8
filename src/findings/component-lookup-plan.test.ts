// A re-match reads the findings of a slice of components (findingsOfComponents). On the default SQLite store
// (no planner statistics) the plain organisation filter made SQLite walk the organisation's findings by org_id
// for each slice; the lookup must go through the (component_id, vulnerability_id) index instead.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import type { Store } from '../db/connect.ts';
import { recorded } from '../../test/support/statement-recorders.ts';
import { createTestStore } from '../../test/support/store.ts';
import { findingsOfComponents } from './finding.repository.ts';

describe('sqlite: findingsOfComponents', () => {
  let store: Store;
  before(async () => {
    store = await createTestStore('sqlite');
  });
  after(() => store.close());

  it('looks findings up by component, not by organisation', async () => {
    const { db, statements } = recorded(store.db);
    assert.deepEqual(await findingsOfComponents(db, 'org_1', ['cmp_1', 'cmp_2']), []);
    assert.equal(statements.length, 1);
    const plan = await store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statements[0]}`, ['org_1', 'cmp_1', 'cmp_2']),
    );
    assert.deepEqual(
      plan.rows.map((r) => r.detail),
      ['SEARCH findings USING INDEX sqlite_autoindex_findings_2 (component_id=?)'],
    );
  });
});
