// Rule matching as a pure function: purl patterns (section 15's form), ids and aliases, assets, tags, CEL.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileExpression } from './cel.ts';
import { compileMatch, purlBase, purlPatternProblem, type MatchableFinding } from './rule-match.ts';

const finding = (over: Partial<MatchableFinding> = {}): MatchableFinding => ({
  vulnerabilityId: 'GHSA-jfh8-c2jp-5v3q',
  aliases: ['CVE-2021-44228'],
  severity: 'CRITICAL',
  severitySource: 'cvss_v3',
  cvssScore: 10,
  component: {
    name: 'log4j-core',
    version: '2.14.1',
    purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar',
    ecosystem: 'Maven',
  },
  assetName: 'portal',
  ...over,
});

describe('triage rule matching', () => {
  it('reads purl bases and refuses malformed patterns', () => {
    assert.equal(purlBase('pkg:Maven/org.x/y@1.0?type=jar#sub'), 'pkg:maven/org.x/y');
    assert.equal(purlBase('pkg:npm/%40types/node@20.1.0'), 'pkg:npm/@types/node');
    assert.equal(purlBase('pkg:npm/@types/node'), 'pkg:npm/@types/node');
    for (const ok of ['pkg:npm/lodash', 'pkg:maven/org.apache.logging.log4j/*', 'pkg:npm/@types/*'])
      assert.equal(purlPatternProblem(ok), undefined, ok);
    for (const bad of ['npm/lodash', 'pkg:npm/lodash@4.17.21', 'pkg:npm/a?x=1', 'pkg:npm/', 'pkg:npm/x/'])
      assert.ok(purlPatternProblem(bad), bad);
  });

  it('combines fields with AND and values with OR', () => {
    const cases: [Parameters<typeof compileMatch>[0], boolean][] = [
      [{}, true],
      [{ vulnerabilityIds: ['CVE-2021-44228'] }, true],
      [{ vulnerabilityIds: ['CVE-2021-45046', 'GHSA-jfh8-c2jp-5v3q'] }, true],
      [{ vulnerabilityIds: ['CVE-2021-45046'] }, false],
      [{ purls: ['pkg:maven/org.apache.logging.log4j/*'] }, true],
      [{ purls: ['pkg:maven/org.apache.logging.log4j/log4j-api'] }, false],
      [{ purls: ['pkg:maven/org.apache.*/log4j-core'] }, true],
      [{ purls: ['pkg:npm/*'] }, false],
      [{ purls: ['pkg:maven/org.apache.logging.log4j/*'], assetNames: ['portal', 'shop'] }, true],
      [{ purls: ['pkg:maven/org.apache.logging.log4j/*'], assetNames: ['shop'] }, false],
      [{ tags: ['prod'] }, false],
      [{ expression: 'vuln.cvssScore >= 9.0 && component.ecosystem == "Maven"' }, true],
      [{ expression: '"CVE-2021-44228" in vuln.aliases && asset.name.startsWith("por")' }, true],
      [{ expression: 'vuln.severity == "LOW"' }, false],
      [{ expression: 'vuln.nope == 1' }, false],
    ];
    for (const [match, expected] of cases)
      assert.equal(compileMatch(match)(finding()), expected, JSON.stringify(match));
    // Tags come from the asset records through the function given.
    assert.equal(
      compileMatch({ tags: ['prod', 'pci'] }, (a) => (a === 'portal' ? ['pci'] : []))(finding()),
      true,
    );
    assert.equal(
      compileMatch({ purls: ['pkg:npm/*'] })(finding({ component: { ...finding().component, purl: null } })),
      false,
    );
  });

  it('refuses expressions that do not parse, do not type-check or are too large', () => {
    const error = (e: string) => {
      const compiled = compileExpression(e);
      return typeof compiled === 'function' ? undefined : compiled.error;
    };
    assert.equal(error('vuln.severity == "HIGH"'), undefined);
    assert.match(error('vuln.severity ==')!, /Unexpected token/);
    assert.match(error('1 + "a"')!, /no such overload/);
    assert.match(error(Array.from({ length: 250 }, () => '1').join('+') + ' > 0')!, /AST|nodes|exceed/i);
    // The shared module's wording (src/shared/cel.ts).
    assert.equal(error('x'.repeat(2_001)), 'is over 2000 characters');
    assert.equal(error('vuln.cvssScore + 1.0'), 'must be a bool expression, not double');
  });
});
