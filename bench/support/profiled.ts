// Runs a benchmark's work under the inspector's CPU profiler (this thread only) and writes the .cpuprofile: the
// part of a run worth reading, without the seed or the process's start-up (bench/support/cpu-profile-summary.ts
// sums it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { dirname } from 'node:path';

/** `work`, profiled into `file` when one is given. */
export async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
