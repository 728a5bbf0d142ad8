import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { comparatorFor } from './comparator.ts';
import { affectedBy, affectedByRanges } from './match.ts';
import { evaluatePrepared, preparePackage } from './prepared-match.ts';
import { getVersionOrdering } from './versions/index.ts';
import { parseOsv, type Advisory } from './osv.ts';
import { readSourceFile } from './osv-sources.ts';
import { SHARED_DATA, sharedDataSkip } from '../../test/support/shared-data.ts';

const OSV = fileURLToPath(new URL('osv/', SHARED_DATA));
const skip = sharedDataSkip('osv');

const parsed = new Map<string, ReturnType<typeof parseZipOnce>>();
const parseZip = (name: string) =>
  parsed.get(name) ?? (parsed.set(name, parseZipOnce(name)), parsed.get(name)!);

async function parseZipOnce(name: string) {
  const advisories: Advisory[] = [];
  const warnings: string[] = [];
  const rejected: string[] = [];
  for await (const item of readSourceFile({ path: `${OSV}${name}`, kind: 'zip' })) {
    const outcome = parseOsv(item.document, item.source);
    warnings.push(...outcome.warnings);
    if (outcome.ok) advisories.push(outcome.advisory);
    else rejected.push(outcome.reason);
  }
  return { advisories, warnings, rejected };
}

describe('real OSV feeds', () => {
  it(
    'PyPI: parses all 2,661 advisories; the 7 schema failures are inside GIT ranges and only warned about',
    { skip },
    async () => {
      const { advisories, warnings, rejected } = await parseZip('PyPI-all.zip');
      assert.equal(advisories.length, 2661);
      assert.deepEqual(rejected, []);
      assert.ok(
        warnings.every((w) => w.includes('(inside a GIT range, which matching ignores)')),
        warnings.join('\n'),
      );
      // One warning per failure.
      const ids = warnings.map((w) => /\((PYSEC-[0-9-]+)\)/.exec(w)![1]);
      assert.deepEqual(ids, [
        'PYSEC-2017-27',
        'PYSEC-2019-155',
        'PYSEC-2021-371',
        'PYSEC-2021-424',
        'PYSEC-2021-425',
        'PYSEC-2021-436',
        'PYSEC-2023-80',
      ]);
      // Their ECOSYSTEM ranges survive (dropping them would be a silent false negative).
      const kept = advisories.find((a) => a.id === 'PYSEC-2017-27')!;
      assert.ok(kept.affected[0]!.ranges.some((r) => r.type === 'ECOSYSTEM'));
    },
  );

  it(
    'PyPI: every listed version is affected by the ranges alone, except 4 advisories whose data disagree',
    { skip },
    async () => {
      const { advisories } = await parseZip('PyPI-all.zip');
      const compare = comparatorFor('PyPI')!;
      const disagreements: string[] = [];
      let checked = 0;
      for (const a of advisories) {
        for (const p of a.affected) {
          const missed = p.versions.filter((v) => (checked++, affectedByRanges(p, v, compare) === null));
          if (missed.length) disagreements.push(`${a.id} ${p.name}: ${missed.join(', ')}`);
        }
      }
      assert.equal(checked, 140_847);
      assert.deepEqual(disagreements, [
        // One ECOSYSTEM range holding two overlapping windows ([2.11, 2.11.7) and [0, 2.11.6)): walked in version
        // order, `fixed 2.11.6` closes the window before `fixed 2.11.7`, so 2.11.6 is outside; the list says inside.
        'PYSEC-2021-114 wagtail: 2.11.6',
        // The advisory lists its own fix release (and a post-release of it) as affected: the list contradicts `fixed 23.9.0`.
        'PYSEC-2023-177 gevent: 23.9.0, 23.9.0.post1',
        // Pre-releases sort before the `introduced` release (3.2a1 < 3.2); the list includes them, the ranges start at 3.2.
        'PYSEC-2023-61 django: 3.2a1, 3.2b1, 3.2rc1, 4.2a1, 4.2b1, 4.2rc1',
        // No range at all, only a version list: the list alone carries the affected versions.
        'PYSEC-2024-1 gratient: 0.5',
      ]);
    },
  );

  it(
    'the bulk evaluation agrees with the reference on every advisory × every version either feed names',
    { skip },
    async () => {
      let compared = 0;
      for (const [zip, ecosystem] of [
        ['PyPI-all.zip', 'PyPI'],
        ['Go-all.zip', 'Go'],
      ] as const) {
        const { advisories } = await parseZip(zip);
        const ordering = getVersionOrdering(ecosystem)!;
        const compare = comparatorFor(ecosystem)!;
        for (const a of advisories) {
          for (const p of a.affected) {
            if (p.ecosystem !== ecosystem) continue;
            const prepared = preparePackage(p, ordering);
            // Listed versions, event values and their neighbours (a suffix makes a pre-release or post-release).
            const events = p.ranges
              .flatMap((r) => r.events.map((e) => e.value))
              .filter((v) => v !== '0' && v !== '*');
            const probes = [...p.versions, ...events, ...events.map((v) => `${v}-rc1`), '0.0.1', '99.0.0'];
            for (const v of probes) {
              compared++;
              assert.deepEqual(
                evaluatePrepared(prepared, v, ordering.parse(v), ordering),
                affectedBy(p, v, compare),
                `${a.id} ${v}`,
              );
            }
          }
        }
      }
      assert.ok(compared > 170_000, `${compared} comparisons`);
    },
  );

  it('Go: parses all 4,291 advisories without warnings', { skip }, async () => {
    const { advisories, warnings, rejected } = await parseZip('Go-all.zip');
    assert.deepEqual([advisories.length, warnings.length, rejected.length], [4291, 0, 0]);
    assert.equal(advisories.filter((a) => a.withdrawn).length, 17);
  });
});
