/** Package identity of triage memory, VEX and diffs: remediation's packagePurl, or group/name without a purl. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packageIdentity } from './report-model.ts';

describe('packageIdentity', () => {
  it('the purl without version, or group/name for a component without purl', () => {
    assert.equal(
      packageIdentity({ name: 'node', purl: 'pkg:npm/@types/node@20.1.0' }),
      'pkg:npm/@types/node',
    );
    assert.equal(packageIdentity({ name: 'node', purl: 'pkg:npm/@types/node' }), 'pkg:npm/@types/node');
    assert.equal(packageIdentity({ name: 'core', purl: null, group: 'org.acme' }), 'name:org.acme/core');
    assert.equal(packageIdentity({ name: 'core', purl: null }), 'name:core');
  });
});
