import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build } from '../../test/support/app.ts';
import { consoleContentSecurityPolicy, consoleSecurityHeaders } from './security-headers.ts';

describe('security headers', () => {
  it('give the console a policy without inline scripts that nothing may frame', () => {
    assert.equal(
      consoleContentSecurityPolicy(),
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    assert.match(
      consoleContentSecurityPolicy({ connectSrc: ['https://api.example.com'] }),
      /; connect-src 'self' https:\/\/api\.example\.com;/,
    );
    assert.deepEqual(consoleSecurityHeaders(), {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': consoleContentSecurityPolicy(),
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it('put nosniff, the referrer policy and frame denial on every response, errors included', async (t) => {
    const { app } = await build(t, 'sqlite');
    for (const url of ['/healthz', '/api/v1/sscs/vendors', '/api/v1/nowhere']) {
      const res = await app.inject({ method: 'GET', url });
      assert.deepEqual(
        [
          res.headers['x-content-type-options'],
          res.headers['referrer-policy'],
          res.headers['x-frame-options'],
        ],
        ['nosniff', 'no-referrer', 'DENY'],
        url,
      );
    }
  });
});
