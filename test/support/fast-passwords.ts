/**
 * Loaded into every test process by `npm test` (`--import`): passwords are hashed with scrypt at N = 2^10
 * instead of the product's 2^15 (src/tenancy/password.ts). Measured on four sign-in-heavy files: 121 → 42 s
 * of CPU. The scheme, the stored format and verification are the product's own; only the work factor is lower.
 * A file run on its own without this import simply pays the full cost.
 */
import { setPasswordCostForTests } from '../../src/tenancy/password.ts';

// The runner's own process imports this too; only the test processes it starts hash anything.
if (process.env.NODE_TEST_CONTEXT) setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });
