// The license corpus: each case's verdict for a deny (`is`) and an allow (`is_not`) condition, worked out by
// hand from docs/policies.md (OR: any branch may be chosen; AND: every term; WITH listed by its license).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readComponentLicense, type LicenseData } from './component-licenses.ts';
import { LicenseList, licenseConditionMet } from './license-evaluator.ts';

const e = (expression: string): LicenseData => ({ cdx: [{ expression }] });
const cdx = (entries: ({ expression: string } | { id: string } | { name: string })[]): LicenseData => ({
  cdx: entries,
});
const spdx = (concluded: string | null, declared: string | null): LicenseData => ({
  spdx: { concluded, declared },
});
const PERM = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC'];
const GPL = ['GPL-2.0-only', 'GPL-3.0-only'];

/** [license data, list, `is` met, `is_not` met]. */
const CASES: [LicenseData, string[], boolean, boolean][] = [
  [e('MIT'), PERM, true, false],
  [e('mit'), PERM, true, false],
  [e('GPL-2.0-only'), PERM, false, true],
  [e('MIT OR GPL-2.0-only'), PERM, false, false],
  [e('MIT AND GPL-2.0-only'), PERM, true, true],
  [e('MIT OR GPL-2.0-only'), GPL, false, false],
  [e('MIT AND GPL-2.0-only'), GPL, true, true],
  [e('GPL-2.0-only OR GPL-3.0-only'), GPL, true, false],
  [e('GPL-2.0+'), GPL, true, false],
  [e('GPL-2.0-or-later'), ['GPL-2.0-only'], false, false],
  [e('GPL-2.0-or-later'), ['GPL-3.0-only'], false, false],
  [e('GPL-3.0-or-later'), ['GPL-3.0-only'], true, false],
  [e('GPL-2.0'), ['GPL-2.0-only'], true, false],
  [e('GPL-2.0'), ['GPL-2.0'], true, false],
  [e('GPL-2.0-only'), ['GPL-2.0'], true, false],
  [e('GPL-2.0+'), ['GPL-2.0-or-later'], true, false],
  [e('GPL-3.0-only'), ['GPL-2.0-or-later'], true, false],
  [e('GPL-2.0-only'), ['GPL-3.0-or-later'], false, true],
  [e('LGPL-2.1-or-later'), ['LGPL-2.1-only', 'LGPL-3.0-only'], true, false],
  [e('LGPL-2.1+'), ['LGPL-2.1-only'], false, false],
  [e('LGPL-2.0-or-later'), ['LGPL-2.1-only', 'LGPL-3.0-only'], false, false],
  [e('Apache-1.1+'), ['Apache-2.0'], false, false],
  [e('Apache-2.0+'), ['Apache-2.0'], true, false],
  [e('MPL-1.1+'), ['MPL-2.0', 'MPL-1.1'], true, false],
  [e('GFDL-1.2-invariants-or-later'), ['GFDL-1.2-invariants-only', 'GFDL-1.3-invariants-only'], true, false],
  [e('GFDL-1.2-invariants-or-later'), ['GFDL-1.2-only', 'GFDL-1.3-only'], false, true],
  [e('GPL-2.0-only WITH Classpath-exception-2.0'), ['GPL-2.0-only'], true, false],
  [
    e('GPL-2.0-only WITH Classpath-exception-2.0'),
    ['GPL-2.0-only WITH Classpath-exception-2.0'],
    true,
    false,
  ],
  [e('GPL-2.0-only WITH Classpath-exception-2.0'), ['GPL-2.0-only WITH GCC-exception-2.0'], false, true],
  [e('GPL-2.0-only'), ['GPL-2.0-only WITH Classpath-exception-2.0'], false, true],
  [e('GPL-2.0-with-classpath-exception'), ['GPL-2.0-only WITH Classpath-exception-2.0'], true, false],
  [e('GPL-2.0-with-classpath-exception'), ['GPL-2.0-only'], true, false],
  [e('GPL-2.0-with-classpath-exception'), ['GPL-2.0-only WITH Font-exception-2.0'], false, true],
  [e('gpl-2.0-only with classpath-exception-2.0'), ['GPL-2.0-only'], false, true],
  [e('MIT or Apache-2.0'), PERM, false, true],
  [e('MIT and Apache-2.0'), PERM, false, true],
  [e('MIT OR Apache-2.0'), PERM, true, false],
  [e('mit OR apache-2.0'), PERM, true, false],
  [e('MIT AND Apache-2.0'), PERM, true, false],
  [e('(MIT OR GPL-2.0-only) AND Apache-2.0'), PERM, true, false],
  [e('(MIT OR GPL-2.0-only) AND Apache-2.0'), GPL, false, true],
  [e('(MIT AND GPL-2.0-only) OR (Apache-2.0 AND GPL-3.0-only)'), GPL, true, true],
  [e('(MIT AND GPL-2.0-only) OR (Apache-2.0 AND GPL-3.0-only)'), PERM, true, true],
  [e('MIT OR (GPL-2.0-only AND Apache-2.0)'), GPL, false, true],
  [e('GPL-2.0-only AND GPL-3.0-only'), GPL, true, false],
  [e('LicenseRef-acme'), ['LicenseRef-acme'], true, false],
  [e('LicenseRef-ACME'), ['licenseref-acme'], true, false],
  [e('LicenseRef-acme'), PERM, false, true],
  [e('DocumentRef-ext:LicenseRef-acme'), ['LicenseRef-acme'], false, true],
  [e('MIT OR LicenseRef-acme'), PERM, false, false],
  [e('NOASSERTION'), PERM, false, true],
  [e('NONE'), PERM, false, true],
  [e('NONE'), ['NONE'], true, false],
  [e('NOT-A-LICENSE'), PERM, false, true],
  [e('MIT AND'), PERM, false, true],
  [e('(MIT'), PERM, false, true],
  [e('GPL-2.0-only WITH Not-An-Exception'), ['GPL-2.0-only'], false, true],
  [e('MIT WITH Classpath-exception-2.0'), PERM, true, false],
  [e('GPL-2.0-only WITH MIT'), GPL, false, true],
  [e('Classpath-exception-2.0'), GPL, false, true],
  [e('  MIT  '), PERM, true, false],
  [e('MIT OR Apache-2.0 OR GPL-3.0-only'), GPL, false, false],
  [e('MIT AND Apache-2.0 AND GPL-3.0-only'), GPL, true, true],
  [e('AGPL-3.0'), ['AGPL-3.0-only'], true, false],
  [e('AGPL-3.0-or-later'), ['AGPL-3.0-only'], true, false],
  [e('LGPL-3.0+'), ['LGPL-3.0-only'], true, false],
  [e('GPL-1.0+'), ['GPL-2.0-only', 'GPL-3.0-only'], false, false],
  [e('GPL-1.0+'), ['GPL-1.0-only', 'GPL-2.0-only', 'GPL-3.0-only'], true, false],
  [e('EPL-1.0+'), ['EPL-2.0'], false, false],
  [e('CDDL-1.0+'), ['CDDL-1.1'], false, false],
  [e('CDDL-1.1'), ['CDDL-1.0+'], true, false],
  [cdx([{ id: 'MIT' }, { id: 'Apache-2.0' }]), PERM, true, false],
  [cdx([{ id: 'MIT' }, { id: 'GPL-2.0-only' }]), PERM, true, true],
  [cdx([{ id: 'MIT' }, { id: 'GPL-2.0-only' }]), GPL, true, true],
  [cdx([{ name: 'MIT License' }]), PERM, true, false],
  [cdx([{ name: 'mit' }]), PERM, true, false],
  [cdx([{ name: 'Apache License 2.0' }]), PERM, true, false],
  [cdx([{ name: 'apache license 2.0' }]), PERM, true, false],
  [cdx([{ name: 'Acme Proprietary' }]), ['LicenseRef-Acme-Proprietary'], true, false],
  [cdx([{ name: 'Acme Proprietary' }]), PERM, false, true],
  [cdx([{ expression: 'MIT OR GPL-3.0-only' }]), GPL, false, false],
  [cdx([{ expression: 'MIT OR GPL-3.0-only' }, { id: 'GPL-2.0-only' }]), GPL, true, false],
  [cdx([{ expression: 'MIT OR GPL-3.0-only' }, { id: 'Apache-2.0' }]), PERM, true, false],
  [cdx([]), PERM, false, true],
  [cdx([{ expression: 'NOT VALID' }]), PERM, false, true],
  [cdx([{ id: 'MIT' }, { expression: 'bogus-thing' }]), PERM, false, true],
  [cdx([{ expression: 'NONE' }]), ['NONE'], true, false],
  [cdx([{ expression: 'NONE' }]), PERM, false, true],
  [cdx([{ id: 'GPL-2.0' }]), ['GPL-2.0-only'], true, false],
  [cdx([{ id: 'gpl-2.0+' }]), GPL, true, false],
  [cdx([{ name: 'GNU General Public License v3.0 only' }]), GPL, true, false],
  [cdx([{ name: 'GNU General Public License v2.0 or later' }]), GPL, true, false],
  [cdx([{ id: 'Apache-2.0' }, { name: 'Acme Proprietary' }]), PERM, true, true],
  [spdx('MIT', 'GPL-3.0-only'), GPL, false, true],
  [spdx('NOASSERTION', 'GPL-3.0-only'), GPL, true, false],
  [spdx(null, 'GPL-3.0-only'), GPL, true, false],
  [spdx('NOASSERTION', 'NOASSERTION'), PERM, false, true],
  [spdx(null, null), PERM, false, true],
  [spdx('NONE', 'MIT'), PERM, false, true],
  [spdx('NONE', 'MIT'), ['NONE'], true, false],
  [spdx('NOASSERTION', 'NONE'), ['NONE'], true, false],
  [spdx('GPL-2.0-only OR MIT', 'GPL-2.0-only'), GPL, false, false],
  [spdx('bogus expression', 'MIT'), PERM, false, true],
  [spdx('Apache-2.0 AND MIT', null), PERM, true, false],
  [spdx('NOASSERTION', 'LGPL-2.1-or-later'), ['LGPL-2.1-only', 'LGPL-3.0-only'], true, false],
  [spdx('LicenseRef-1', 'MIT'), ['LicenseRef-1'], true, false],
  [e('MIT'), ['MIT'], true, false],
  [e('MIT OR Apache-2.0'), ['MIT'], false, false],
  [e('MIT AND Apache-2.0'), ['MIT'], true, true],
  [e('Apache-2.0'), ['MIT'], false, true],
  [e('BSD-3-Clause'), ['bsd-3-clause'], true, false],
  [e('0BSD'), ['0bsd'], true, false],
  [e('BSD-2-Clause-FreeBSD'), ['BSD-2-Clause-FreeBSD'], true, false],
  [e('BSD-2-Clause-FreeBSD'), ['BSD-2-Clause'], false, true],
  [e('StandardML-NJ'), ['SMLNJ'], true, false],
  [e('eCos-2.0'), GPL, true, false],
  [e('wxWindows'), ['GPL-2.0-only WITH WxWindows-exception-3.1'], false, false],
  [e('GPL-3.0-with-GCC-exception'), ['GPL-3.0-only WITH GCC-exception-3.1'], true, false],
  [e('GPL-2.0-or-later WITH Classpath-exception-2.0'), GPL, true, false],
  [
    e('GPL-2.0-or-later WITH Classpath-exception-2.0'),
    ['GPL-2.0-only WITH Classpath-exception-2.0'],
    false,
    false,
  ],
  [
    e('GPL-2.0-or-later WITH Classpath-exception-2.0'),
    ['GPL-2.0-or-later WITH Classpath-exception-2.0'],
    true,
    false,
  ],
  [e('GPL-2.0-only WITH Classpath-exception-2.0 OR MIT'), ['GPL-2.0-only'], false, false],
  [e('GPL-2.0-only WITH Classpath-exception-2.0 AND MIT'), ['GPL-2.0-only'], true, true],
  [e('MIT OR NONE'), PERM, false, true],
  [e('MIT OR NOASSERTION'), PERM, false, true],
  [e('Apache-2.0 WITH LLVM-exception'), PERM, true, false],
  [e('Apache-2.0 WITH LLVM-exception'), ['Apache-2.0 WITH LLVM-exception'], true, false],
  [e('Apache-2.0'), ['Apache-2.0 WITH LLVM-exception'], false, true],
  [e('Apache-2.0 WITH llvm-exception'), ['Apache-2.0 WITH LLVM-exception'], true, false],
  [e('(MIT)'), PERM, true, false],
  [e('((MIT OR ISC) AND (Apache-2.0 OR GPL-2.0-only))'), PERM, true, false],
  [e('((MIT OR ISC) AND (Apache-2.0 OR GPL-2.0-only))'), GPL, false, true],
  [e('MIT AND (GPL-2.0-only OR GPL-3.0-only)'), GPL, true, true],
  [e('MIT OR Apache-2.0 AND GPL-2.0-only'), GPL, false, true],
  [e('MIT OR Apache-2.0 AND GPL-2.0-only'), PERM, true, false],
  [e('GPL-2.0-only OR GPL-3.0-only AND MIT'), GPL, true, false],
  [e('GPL-3.0+'), ['GPL-3.0-or-later'], true, false],
  [e('GPL-3.0-only'), ['GPL-3.0+'], true, false],
  [e('LGPL-2.1'), ['LGPL-2.1-only'], true, false],
  [e('LGPL-2.1'), ['LGPL-2.1-or-later'], true, false],
  [e('LGPL-2.0'), ['LGPL-2.1-or-later'], false, true],
  [e('GFDL-1.3'), ['GFDL-1.3-only'], true, false],
  [e('MIT'), [], false, true],
  [e('Unlicense'), ['unlicense'], true, false],
  [e('CC0-1.0'), PERM, false, true],
  [e('CC-BY-3.0+'), ['CC-BY-4.0'], false, false],
  [e('CC-BY-4.0+'), ['CC-BY-4.0'], true, false],
  [e('Artistic-1.0+'), ['Artistic-2.0'], false, false],
  [e('Artistic-1.0+'), ['Artistic-1.0', 'Artistic-2.0'], true, false],
  [cdx([{ id: 'MIT' }]), ['MIT'], true, false],
  [cdx([{ id: 'MIT' }, { id: 'MIT' }]), ['MIT'], true, false],
  [cdx([{ name: 'The MIT License' }]), PERM, false, true],
  [cdx([{ id: 'Apache 2' }]), PERM, false, true],
  [spdx('MIT OR GPL-2.0+', 'Apache-2.0'), GPL, false, false],
  [spdx('NOASSERTION', 'mit'), PERM, true, false],
  [spdx(' NOASSERTION ', 'GPL-3.0-only'), GPL, true, false],
  [e('GPL-2.0+ OR MIT'), GPL, false, false],
  [e('GPL-2.0+ AND MIT'), GPL, true, true],
];

describe('license corpus (section 15)', () => {
  test('holds at least 150 cases', () => assert.ok(CASES.length >= 150, `${CASES.length} cases`));
  for (const [data, list, isMet, isNotMet] of CASES) {
    test(`${JSON.stringify(data)} against [${list.join(', ')}]`, () => {
      const license = readComponentLicense(data, []);
      const entries = new LicenseList(list);
      assert.equal(licenseConditionMet(license, 'is', entries), isMet, 'is');
      assert.equal(licenseConditionMet(license, 'is_not', entries), isNotMet, 'is_not');
    });
  }
});

describe('license reading', () => {
  test('an unparseable expression is unknown with its raw text kept', () => {
    assert.deepEqual(readComponentLicense(e('MIT or Apache-2.0'), []), {
      kind: 'unknown',
      raw: 'MIT or Apache-2.0',
    });
    assert.deepEqual(readComponentLicense(spdx('NOASSERTION', 'Foo Bar'), []), {
      kind: 'unknown',
      raw: 'Foo Bar',
    });
    assert.deepEqual(readComponentLicense(spdx(null, null), []), { kind: 'unknown', raw: null });
  });
  test('canonical text of what was read', () => {
    const text = (data: LicenseData) => {
      const read = readComponentLicense(data, []);
      return read.kind === 'expression' ? read.text : read.kind;
    };
    assert.equal(
      text(e('gpl-2.0+ WITH classpath-exception-2.0 OR mit')),
      'GPL-2.0-or-later WITH Classpath-exception-2.0 OR MIT',
    );
    assert.equal(
      text(cdx([{ id: 'MIT' }, { name: 'Acme Proprietary' }])),
      'MIT AND LicenseRef-Acme-Proprietary',
    );
    assert.equal(
      text(cdx([{ expression: 'MIT OR ISC' }, { id: 'Apache-2.0' }])),
      '(MIT OR ISC) AND Apache-2.0',
    );
    assert.equal(text(spdx('NONE', 'MIT')), 'none');
  });
  test('rows stored before license_data read licenses[] as CycloneDX expressions', () => {
    const read = readComponentLicense(null, ['MIT', 'GPL-2.0']);
    assert.deepEqual(read.kind === 'expression' && read.text, 'MIT AND GPL-2.0-only');
  });
  test('list entries that are not one term are named', () => {
    assert.deepEqual(
      LicenseList.invalidEntries(['MIT', 'MIT OR ISC', 'not-a-license', 'NONE', 'LicenseRef-x']),
      ['MIT OR ISC', 'not-a-license'],
    );
  });
});
