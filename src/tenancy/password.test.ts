import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashPassword, PASSWORD_COST, setPasswordCostForTests, verifyPassword } from './password.ts';

// Expected hashes computed independently with Python's hashlib.scrypt (salt = bytes 0…15, key length 32).
const PRODUCT_HASH = 'scrypt$32768$8$1$AAECAwQFBgcICQoLDA0ODw$eo40JB24mNWRdcaWU4xBdGepdf_laQaEJfFhiNMVnFg';
const CHEAP_HASH = 'scrypt$1024$8$1$AAECAwQFBgcICQoLDA0ODw$mp90zEQd5XGhjEv4WArVH4Z0XRSzkGWtJK2S_AXJlRU';
const PASSWORD = 'correct horse battery staple';

describe('password hashing', () => {
  it('verifies a hash by the parameters stored with it, at the product cost and at a lower one', async () => {
    assert.equal(await verifyPassword(PASSWORD, PRODUCT_HASH), true);
    assert.equal(await verifyPassword(PASSWORD, CHEAP_HASH), true);
    assert.equal(await verifyPassword('correct horse battery stapler', PRODUCT_HASH), false);
    assert.equal(await verifyPassword(PASSWORD, PRODUCT_HASH.replace('scrypt$', 'bcrypt$')), false);
    assert.equal(await verifyPassword(PASSWORD, 'scrypt$32768$8$1$$'), false);
  });

  it('hashes at N = 2^15, r = 8, p = 1 unless the test suite lowered it', async (t) => {
    assert.deepEqual(PASSWORD_COST, { N: 32768, r: 8, p: 1 });
    // npm test lowers the cost for every test process (test/support/fast-passwords.ts): put it back after.
    const lowered = setPasswordCostForTests(PASSWORD_COST);
    t.after(() => setPasswordCostForTests(lowered));
    const stored = await hashPassword(PASSWORD);
    assert.match(stored, /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.equal(await verifyPassword(PASSWORD, stored), true);
    assert.notEqual(await hashPassword(PASSWORD), stored, 'a new salt every time');
  });
});
