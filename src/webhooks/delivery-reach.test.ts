import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReachQuery, Reaches } from '../tenancy/principal.ts';
import { byCreatorReach } from './delivery-reach.ts';
import type { ClaimedDelivery } from './delivery.repository.ts';

const delivery = (
  id: string,
  eventType: string,
  assetId: string | null,
  createdBy: string,
): ClaimedDelivery => ({
  id,
  attempt: 1,
  orgId: 'org_1',
  eventId: `evt_${id}`,
  eventType,
  eventCreatedAt: '2026-01-01T00:00:00.000Z',
  assetId,
  payload: '{}',
  subscriptionId: `whk_${createdBy}`,
  createdBy,
  url: 'https://example.com/',
  secret: 'whsec_AAAA',
  format: 'standard',
});

/** usr_a reaches ast_x, usr_admin everything, usr_gone (a removed user) nothing; counts the lookups. */
function resolver() {
  const asked: string[] = [];
  const reaches: Record<string, Reaches> = {
    usr_a: { reach: new Set(['ast_x']), writable: new Set() },
    usr_admin: { reach: null, writable: null },
    usr_gone: { reach: new Set(), writable: new Set() },
  };
  const reachOf = async ({ userId }: ReachQuery) => {
    asked.push(userId);
    return reaches[userId]!;
  };
  return { asked, reachOf };
}

describe('webhook deliveries within their creator’s reach', () => {
  it('sends asset events in reach and organisation-wide ones, skips the rest by creator', async () => {
    const { asked, reachOf } = resolver();
    const cases: [ClaimedDelivery, 'send' | 'skip'][] = [
      [delivery('1', 'sbom.uploaded', 'ast_x', 'usr_a'), 'send'],
      [delivery('2', 'finding.created', 'ast_y', 'usr_a'), 'skip'],
      [delivery('3', 'policy.violation', 'ast_y', 'usr_admin'), 'send'],
      [delivery('4', 'vendor.created', null, 'usr_a'), 'send'],
      // An asset event recorded without its asset (before migration 96): only an unrestricted creator.
      [delivery('5', 'finding.status_changed', null, 'usr_a'), 'skip'],
      [delivery('6', 'finding.status_changed', null, 'usr_admin'), 'send'],
      // The operator's CLI: no creator, the whole organisation (never resolved).
      [delivery('7', 'sbom.deleted', 'ast_y', 'system'), 'send'],
      [delivery('8', 'finding.retracted', 'ast_x', 'usr_gone'), 'skip'],
      [delivery('9', 'vulndb.synced', null, 'usr_gone'), 'send'],
      [delivery('10', 'sbom.deleted', 'ast_x', 'usr_a'), 'send'],
    ];
    const { send, skip } = await byCreatorReach(
      cases.map(([d]) => d),
      reachOf,
    );
    assert.deepEqual(
      send.map((d) => d.id),
      cases.filter(([, want]) => want === 'send').map(([d]) => d.id),
    );
    assert.deepEqual(
      [...skip].map(([creator, list]) => [creator, list.map((d) => d.id)]),
      [
        ['usr_a', ['2', '5']],
        ['usr_gone', ['8']],
      ],
    );
    // One lookup per creator and claim, none for organisation-wide events or the CLI's webhooks.
    assert.deepEqual(asked.sort(), ['usr_a', 'usr_admin', 'usr_gone']);
  });
});
