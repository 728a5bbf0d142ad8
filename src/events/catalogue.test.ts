// The event catalogue spells out the domain values its published schemas carry; they must still be the domains'.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { POLICY_KINDS, VIOLATION_STATES } from '../policies/policy-engine.ts';
import { RISK_STATUSES, RISK_TREATMENTS } from '../risks/risk.schemas.ts';
import { ASSESSMENT_STATUSES, VENDOR_TYPES, Vendor } from '../vendors/vendor.schemas.ts';
import {
  EVENT_ASSESSMENT_STATUSES,
  EVENT_POLICY_KINDS,
  EVENT_RISK_STATUSES,
  EVENT_RISK_TREATMENTS,
  EVENT_VENDOR_TYPES,
  EVENT_VIOLATION_STATES,
  eventJsonSchema,
} from './catalogue.ts';

describe('event catalogue', () => {
  it('carries the same risk and vendor values as the domains', () => {
    assert.deepEqual(EVENT_RISK_STATUSES, RISK_STATUSES);
    assert.deepEqual(EVENT_RISK_TREATMENTS, RISK_TREATMENTS);
    assert.deepEqual(EVENT_VENDOR_TYPES, VENDOR_TYPES);
    assert.deepEqual(EVENT_ASSESSMENT_STATUSES, ASSESSMENT_STATUSES);
    assert.deepEqual(EVENT_POLICY_KINDS, POLICY_KINDS);
    assert.deepEqual(EVENT_VIOLATION_STATES, VIOLATION_STATES);
  });

  it('describes a vendor exactly as the vendors domain returns it', () => {
    const published = eventJsonSchema('vendor.created') as {
      properties: { data: { properties: { vendor: unknown } } };
    };
    const domain = z.toJSONSchema(Vendor.strict()) as Record<string, unknown>;
    delete domain.$schema;
    assert.deepEqual(published.properties.data.properties.vendor, domain);
  });
});
