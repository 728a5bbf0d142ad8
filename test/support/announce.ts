// Says once per test run (not once per test file) that part of the suite is skipped, e.g. a dialect or a
// service absent: node --test runs each file in a child process, so the run is the children's parent process.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const said = new Set<string>();

/** The test runner's identity: its pid and start time (pids are reused), or undefined outside `node --test`. */
function runId(): string | undefined {
  if (!process.env.NODE_TEST_CONTEXT) return undefined;
  let started = '';
  try {
    // Field 22 of /proc/<pid>/stat: the start time, after the parenthesised command name.
    started = readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!;
  } catch {
    // Not Linux: the pid alone.
  }
  return `${process.ppid}-${started}`;
}

/** Prints `message` on standard error the first time any test file of this run announces `key`. */
export function announceOnce(key: string, message: string): void {
  if (said.has(key)) return;
  said.add(key);
  const run = runId();
  if (run !== undefined) {
    try {
      // 'wx' fails when another file of the same run already announced it.
      writeFileSync(join(tmpdir(), `bulwark-test-announced-${run}-${key}`), '', { flag: 'wx' });
    } catch {
      return;
    }
  }
  process.stderr.write(`${message}\n`);
}
