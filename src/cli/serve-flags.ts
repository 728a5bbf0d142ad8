/**
 * V8 flags of the server process: `bulwark serve` starts itself with them (bin/bulwark.js), and so does the
 * tool-server benchmark's server (bench/mcp/mcp.bench.ts). A flag the operator gave either way is kept.
 *
 * `--no-memory-reducer`: V8's memory reducer, meant to shrink an idle process's heap, also starts a
 * memory-reducing mark-compact 100 s after the last mark-compact whatever the allocation rate (its watchdog).
 * That collection compacts every fragmented page and shrinks the young generation, so its pause is about three
 * times a regular mark-compact's on the same heap (BENCHMARKS.md, "Tool server": 116 against 37 ms at 60 MiB,
 * the one event-loop stall of the SQLite run). Regular mark-compacts still run when the heap reaches its limit;
 * what a server no longer does is give back the young generation's and fragmented pages' memory while idle.
 * V8 reads this flag when the heap is set up, so it must be on the command line (v8.setFlagsFromString is too
 * late: the reducer keeps running).
 */
export const SERVE_V8_FLAGS: readonly string[] = ['--no-memory-reducer'];

/** The flags of SERVE_V8_FLAGS the process was not started with, either way (`--x` or `--no-x`). */
export function missingServeFlags(execArgv: readonly string[]): string[] {
  const given = (flag: string) => {
    const name = flag.replace(/^--(no-)?/, '');
    return execArgv.some((arg) => arg === `--${name}` || arg === `--no-${name}`);
  };
  return SERVE_V8_FLAGS.filter((flag) => !given(flag));
}
