// The private-address guard's classification, address by address (pure: no store, no network).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertPublicLiteral, isPrivateAddress, PrivateTargetError } from './target-guard.ts';

describe('webhook target guard', () => {
  it('refuses every loopback, private, link-local and relayed form, and lets public unicast through', () => {
    const cases: [string, boolean][] = [
      ['8.8.8.8', false],
      ['2606:4700:4700::1111', false],
      ['::ffff:8.8.8.8', false],
      ['127.0.0.1', true],
      ['10.1.2.3', true],
      ['172.16.0.1', true],
      ['192.168.1.1', true],
      ['100.64.0.1', true],
      ['169.254.169.254', true],
      ['0.0.0.0', true],
      ['224.0.0.1', true],
      ['255.255.255.255', true],
      ['::', true],
      ['::1', true],
      ['fe80::1', true],
      ['fc00::1', true],
      ['ff02::1', true],
      ['::ffff:127.0.0.1', true],
      // The forms a list of subnets missed: IPv4-compatible, 6to4, NAT64 (both prefixes), Teredo.
      ['::127.0.0.1', true],
      ['2002:7f00:1::', true],
      ['64:ff9b::7f00:1', true],
      ['64:ff9b:1::a00:1', true],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
      ['not-an-address', true],
    ];
    assert.deepEqual(
      cases.map(([address]) => [address, isPrivateAddress(address)]),
      cases,
    );
  });

  it('checks a literal host in a URL before connecting, bracketed IPv6 included', () => {
    assert.throws(
      () => assertPublicLiteral(new URL('http://[2002:7f00:1::]/hook'), false),
      (error: Error) =>
        error instanceof PrivateTargetError &&
        error.message === 'refused: 2002:7f00:1:: is a private, loopback or link-local address',
    );
    assert.doesNotThrow(() => assertPublicLiteral(new URL('http://[2002:7f00:1::]/hook'), true));
    assert.doesNotThrow(() => assertPublicLiteral(new URL('http://8.8.8.8/hook'), false));
  });
});
