/**
 * Benchmark helper: the CPU time PostgreSQL's backends spent for one benchmark's connections (those opened with
 * `application_name`), read from /proc on this machine. Wall time on the shared 2-core machine moves with the
 * load of others; CPU time moves much less, so a before/after comparison quotes both (BENCHMARKS.md).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** utime + stime of a process in ms, or undefined once it is gone. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** `url` with `application_name` set, for the store whose backends are measured. */
export function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/**
 * Samples the backends of `applicationName` every 200 ms until `stop()`, which returns the CPU they spent since
 * `start` (a backend seen at its first sample counts from there; one that closes keeps its last sample).
 */
export async function sampleBackendCpu(url: string, applicationName: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    for (const { pid } of rows) {
      const ms = cpuMsOf(pid);
      if (ms === undefined) continue;
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  await sample();
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample);
  }, 200);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await sampling;
      await sample();
      await client.end();
      let total = 0;
      for (const [pid, ms] of last) total += ms - first.get(pid)!;
      return total;
    },
  };
}
