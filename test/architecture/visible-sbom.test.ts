// Every query of `sboms`, `sbom_components` or `policy_violations` in src/ leaves pending SBOMs out
// (docs/upload-fairness.md): an upload is written in short transactions, and nothing of it may be read before its
// last commits. A function that names one of those tables must use a predicate of src/db/visible-sbom.ts, or say
// in a `visibility:` comment why it needs none (the upload's own writers; readers of an SBOM id looked up visible).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The query builder's and raw SQL's ways of naming the three tables. */
const TABLE =
  /(?:\b(?:selectFrom|updateTable|deleteFrom|insertInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'(?:sboms|sbom_components|policy_violations)\b|\b(?:from|join|update|into)\s+"?(?:sboms|sbom_components|policy_violations)\b(?!\.))/i;
const FILTERED = /\b(?:visibleSbom|inVisibleSbom|notPendingSbom|stillPending)\(|\bvisibility:/;
/** Where a function, method or top-level statement begins (house style: prettier, two-space indent). */
const START =
  /^(?:export\s|async\s|function\s|const\s|let\s|class\s)|^ {2}(?!(?:if|for|while|switch|return|await|catch)\b)(?:static\s+|async\s+|get\s+|private\s+|readonly\s+)*#?[\w$]+\s*(?:<[^>]*>)?\(|^ {4}[\w$]+:\s*(?:async\s*)?\(/;
const COMMENT = /^\s*(?:\/\/|\/\*\*?|\*)/;

/** Lines (1-based) naming one of the tables in a block without the predicate or an exemption. */
export function unfilteredQueries(text: string): number[] {
  const lines = text.split('\n');
  // Each block starts at a declaration, with the comment lines right above it.
  const starts = [0];
  lines.forEach((line, i) => {
    if (!START.test(line)) return;
    let start = i;
    while (start > 0 && COMMENT.test(lines[start - 1]!)) start--;
    if (start > starts[starts.length - 1]!) starts.push(start);
  });
  const found: number[] = [];
  starts.forEach((start, b) => {
    const block = lines.slice(start, starts[b + 1] ?? lines.length);
    if (block.some((line) => FILTERED.test(line))) return;
    block.forEach((line, i) => {
      if (!COMMENT.test(line) && TABLE.test(line)) found.push(start + i + 1);
    });
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    // Tests and their fixtures write and count rows of their own on purpose.
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|fixture|test-kit/.test(entry.name) ? [path] : [];
  });
}

describe('queries of sboms, sbom_components and policy_violations', () => {
  it('finds a query without the predicate, and passes one with it or an exemption', () => {
    const unfiltered = [
      '/** The SBOMs. */',
      'export const all = (db: Db, orgId: string) =>',
      "  db.selectFrom('sboms').selectAll().where('org_id', '=', orgId).execute();",
      '',
      'export function components(db: Db) {',
      '  return sql`select c.id from sbom_components c join sboms s on s.id = c.sbom_id`.execute(db);',
      '}',
    ].join('\n');
    assert.deepEqual(unfilteredQueries(unfiltered), [3, 6]);
    const filtered = [
      'export const all = (db: Db, orgId: string) =>',
      "  db.selectFrom('sboms').selectAll().where('org_id', '=', orgId).where(visibleSbom()).execute();",
      '',
      '/** visibility: an SBOM id found visible first. */',
      'export function components(db: Db, sbomId: string) {',
      "  return db.selectFrom('sbom_components').where('sbom_id', '=', sbomId).execute();",
      '}',
    ].join('\n');
    assert.deepEqual(unfilteredQueries(filtered), []);
  });

  it('leave pending SBOMs out everywhere in src/', () => {
    const offenders = sources(SRC).flatMap((file) =>
      unfilteredQueries(readFileSync(file, 'utf8')).map((line) => `${relative(SRC, file)}:${line}`),
    );
    assert.deepEqual(offenders, []);
  });
});
