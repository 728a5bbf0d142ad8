// Worker entry: matches an upload's batches off the main thread (match-in-worker.ts) against prepared candidates
// it keeps for one advisory-database generation. Messages, answered in order:
//   `load`  — candidate rows of packages, read by the main thread; a new epoch (an advisory generation, or the
//             main thread's bound on packages held reached) drops everything held first;
//   `match` — a batch as JSON [ecosystem, packageKey, version, …]; answered with `stale` when the worker holds
//             another epoch, else with `result`: JSON [vulnerabilities, pairs], each vulnerability
//             [id, aliases, advisoryIds, fixedVersions, severityParts] once, pairs [component index, vulnerability
//             index, …] (BENCHMARKS.md, "Vulnerability matching": per-match objects cost more to clone than to match).
import { parentPort } from 'node:worker_threads';
import {
  getVersionOrdering,
  sharedParser,
  type AdvisorySeverity,
  type CandidateRow,
} from '../vulndb/index.ts';
import { packageCacheKey } from './candidate-cache.ts';
import { toCandidate } from './finding-matching.ts';
import { matchComponent, type Candidate } from './matcher.ts';

export type ToMatchWorker =
  | { load: { epoch: string; keys: string[]; rows: CandidateRow[] } }
  | { match: { id: number; epoch: string; batch: string } };

export type FromMatchWorker = { id: number; stale: true } | { id: number; result: string };

let epoch: string | undefined;
const held = new Map<string, Candidate[]>();

function load({ epoch: next, keys, rows }: { epoch: string; keys: string[]; rows: CandidateRow[] }) {
  if (next !== epoch) {
    held.clear();
    epoch = next;
  }
  for (const key of keys) held.set(key, []);
  for (const row of rows) {
    const candidate = toCandidate(row);
    if (candidate) held.get(packageCacheKey(row.ecosystem, row.package_key))?.push(candidate);
  }
}

function match(batch: string): string {
  const fields = JSON.parse(batch) as string[];
  const vulnerabilities: unknown[] = [];
  const pairs: number[] = [];
  // A candidate matching alone gives the same vulnerability to every component (matcher.ts): sent once.
  const index = new Map<AdvisorySeverity[], number>();
  for (let i = 0; i < fields.length; i += 3) {
    const ordering = getVersionOrdering(fields[i]!);
    const candidates = held.get(packageCacheKey(fields[i]!, fields[i + 1]!));
    if (!ordering || !candidates || candidates.length === 0) continue;
    const version = fields[i + 2]!;
    const component = { id: '', version, parsed: sharedParser(ordering)(version) };
    for (const v of matchComponent(component, candidates, ordering)) {
      let at = index.get(v.severityParts);
      if (at === undefined) {
        at = vulnerabilities.length;
        index.set(v.severityParts, at);
        vulnerabilities.push([v.vulnerabilityId, v.aliases, v.advisoryIds, v.fixedVersions, v.severityParts]);
      }
      pairs.push(i / 3, at);
    }
  }
  return JSON.stringify([vulnerabilities, pairs]);
}

parentPort!.on('message', (message: ToMatchWorker) => {
  if ('load' in message) load(message.load);
  else if (message.match.epoch !== epoch)
    parentPort!.postMessage({ id: message.match.id, stale: true } satisfies FromMatchWorker);
  else
    parentPort!.postMessage({
      id: message.match.id,
      result: match(message.match.batch),
    } satisfies FromMatchWorker);
});
