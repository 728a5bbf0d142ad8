// Says once per test run (not once per test file) that part of the suite is skipped, e.g. a dialect or a
// service absent: node --test runs each file in a child process, so the run is the children's parent process.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const said = new Set<string>();

/** Prints `message` on standard error the first time any test file of this run announces `key`. */
export function announceOnce(key: string, message: string): void {
  if (said.has(key)) return;
  said.add(key);
  try {
    // 'wx' fails when another file of the same run already announced it.
    writeFileSync(join(tmpdir(), `bulwark-test-announced-${process.ppid}-${key}`), '', { flag: 'wx' });
  } catch {
    return;
  }
  process.stderr.write(`${message}\n`);
}
