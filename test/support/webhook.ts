/** A webhook subscription written straight to the store, so outbox tests can make events worth storing. */
import type { Store } from '../../src/db/connect.ts';
import type { TestOrg } from './app.ts';

export async function insertSubscription(
  store: Store,
  org: Pick<TestOrg, 'id' | 'userId'>,
  { id = 'whk_test', eventTypes = null }: { id?: string; eventTypes?: string[] | null } = {},
): Promise<void> {
  await store.db
    .insertInto('webhook_subscriptions')
    .values({
      id,
      org_id: org.id,
      url: 'http://127.0.0.1:9/',
      event_types: eventTypes ? JSON.stringify(eventTypes) : null,
      min_severity: null,
      kev_only: 0,
      format: 'standard',
      secret: 'whsec_AAAA',
      enabled: 1,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
      created_by: org.userId,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
}
