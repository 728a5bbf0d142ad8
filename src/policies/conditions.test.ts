// Security and operational conditions, each with hand-built components and vulnerabilities, and the CEL
// module's budget: what is met, what is not, and the reason given.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readComponentLicense } from './component-licenses.ts';
import { compileConditions, type ComponentFacts, type Condition, type VulnFacts } from './conditions.ts';
import { evaluateComponent, type CompiledPolicy } from './policy-engine.ts';
import { compilePolicyExpression } from './policy-cel.ts';

const vuln = (over: Partial<VulnFacts> = {}): VulnFacts => ({
  findingId: 'fnd_1',
  vulnerabilityId: 'CVE-2021-44228',
  aliases: ['GHSA-jfh8-c2jp-5v3q'],
  severity: 'CRITICAL',
  cvss: 10,
  kev: true,
  epss: 0.97,
  cwes: ['CWE-502'],
  ...over,
});

const component = (over: Partial<ComponentFacts> = {}): ComponentFacts => ({
  id: 'cmp_1',
  name: 'log4j-core',
  group: 'org.apache.logging.log4j',
  version: '2.14.1',
  purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
  ecosystem: 'Maven',
  license: readComponentLicense({ cdx: [{ id: 'Apache-2.0' }] }, []),
  licenseMissing: false,
  vulns: [vuln()],
  asset: { name: 'shop', tags: [] },
  ...over,
});

/** The reason when `condition` is met by the component (or its first vulnerability), else null. */
function met(condition: Condition, facts: ComponentFacts = component()): string | null {
  const { compiled, problems } = compileConditions([condition], new Map());
  assert.deepEqual(problems, []);
  const c = compiled[0]!;
  if (c.scope === 'component') return c.test(facts);
  return facts.vulns.length === 0 ? null : c.test(facts, facts.vulns[0]!);
}

describe('security conditions', () => {
  it('severity is / at_least', () => {
    assert.equal(
      met({ subject: 'severity', operator: 'at_least', value: 'HIGH' }),
      'CVE-2021-44228 has severity CRITICAL (at least HIGH)',
    );
    assert.equal(
      met({ subject: 'severity', operator: 'at_least', value: 'critical' }),
      'CVE-2021-44228 has severity CRITICAL (at least CRITICAL)',
    );
    assert.equal(met({ subject: 'severity', operator: 'is', value: 'HIGH' }), null);
    assert.equal(
      met(
        { subject: 'severity', operator: 'at_least', value: 'HIGH' },
        component({ vulns: [vuln({ severity: 'MEDIUM' })] }),
      ),
      null,
    );
    assert.equal(
      met(
        { subject: 'severity', operator: 'is', value: 'MEDIUM' },
        component({ vulns: [vuln({ severity: 'MEDIUM' })] }),
      ),
      'CVE-2021-44228 has severity MEDIUM',
    );
    assert.equal(
      met({ subject: 'severity', operator: 'at_least', value: 'LOW' }, component({ vulns: [] })),
      null,
    );
  });
  it('kev is true / false', () => {
    assert.equal(
      met({ subject: 'kev', operator: 'is', value: true }),
      'CVE-2021-44228 is in the KEV catalog',
    );
    assert.equal(met({ subject: 'kev', operator: 'is', value: false }), null);
    assert.equal(
      met({ subject: 'kev', operator: 'is', value: false }, component({ vulns: [vuln({ kev: false })] })),
      'CVE-2021-44228 is not in the KEV catalog',
    );
  });
  it('epss at_least, an unknown score never meets it', () => {
    assert.equal(
      met({ subject: 'epss', operator: 'at_least', value: 0.97 }),
      'CVE-2021-44228 has EPSS 0.97 (at least 0.97)',
    );
    assert.equal(met({ subject: 'epss', operator: 'at_least', value: 0.98 }), null);
    assert.equal(
      met({ subject: 'epss', operator: 'at_least', value: 0 }, component({ vulns: [vuln({ epss: null })] })),
      null,
    );
  });
  it('vulnerability_id is, through aliases and ignoring case', () => {
    assert.equal(
      met({ subject: 'vulnerability_id', operator: 'is', value: 'CVE-2021-44228' }),
      'CVE-2021-44228 is CVE-2021-44228',
    );
    assert.equal(
      met({ subject: 'vulnerability_id', operator: 'is', value: 'ghsa-jfh8-c2jp-5v3q' }),
      'CVE-2021-44228 is ghsa-jfh8-c2jp-5v3q',
    );
    assert.equal(met({ subject: 'vulnerability_id', operator: 'is', value: 'CVE-2021-45046' }), null);
  });
  it('cwe is', () => {
    assert.equal(met({ subject: 'cwe', operator: 'is', value: 'CWE-502' }), 'CVE-2021-44228 is CWE-502');
    assert.equal(met({ subject: 'cwe', operator: 'is', value: 'cwe-0502' }), 'CVE-2021-44228 is CWE-502');
    assert.equal(met({ subject: 'cwe', operator: 'is', value: 'CWE-79' }), null);
  });
});

describe('operational conditions', () => {
  it('purl matches, * in namespace and name, any version and qualifiers', () => {
    const log4j = { subject: 'purl', operator: 'matches', value: 'pkg:maven/org.apache.logging.log4j/*' };
    assert.equal(
      met(log4j),
      'purl pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1 matches pkg:maven/org.apache.logging.log4j/*',
    );
    assert.equal(met({ ...log4j, value: 'pkg:maven/org.apache.logging.log4j/log4j-api' }), null);
    assert.equal(met({ ...log4j, value: 'pkg:maven/*/log4j-core' }) !== null, true);
    assert.equal(met({ ...log4j, value: 'pkg:npm/log4j-core' }), null, 'another type');
    const es = component({ purl: 'pkg:npm/event-stream@3.3.6?arch=x', ecosystem: 'npm' });
    assert.equal(met({ ...log4j, value: 'pkg:npm/event-stream' }, es) !== null, true);
    assert.equal(met({ ...log4j, value: 'pkg:npm/event-stream-x' }, es), null);
    assert.equal(
      met({ ...log4j, value: 'pkg:npm/%40acme/*' }, component({ purl: 'pkg:npm/%40acme/a@1.0.0' })) !== null,
      true,
    );
    assert.equal(met({ ...log4j, value: 'pkg:npm/*' }, component({ purl: null })), null, 'no purl');
  });
  it('version in_range: vers and OSV ranges in the ecosystem order', () => {
    const range = (value: unknown, version: string | null, ecosystem = 'Maven') =>
      met({ subject: 'version', operator: 'in_range', value }, component({ version, ecosystem })) !== null;
    assert.equal(range('vers:maven/>=2.0|<2.15.0', '2.14.1'), true);
    assert.equal(range('vers:maven/>=2.0|<2.15.0', '2.15.0'), false);
    assert.equal(range('vers:maven/>=2.0-beta9|<2.15.0', '2.0-beta10'), true, 'Maven orders beta9 < beta10');
    assert.equal(range('vers:maven/>=2.0|<2.15.0', '2.14.1', 'npm'), false, 'another ecosystem');
    assert.equal(range('vers:npm/<1.0.0|>=2.0.0', '1.5.0', 'npm'), false);
    assert.equal(range('vers:npm/<1.0.0|>=2.0.0', '2.1.0', 'npm'), true);
    assert.equal(range('vers:npm/1.2.3|1.2.5', '1.2.5', 'npm'), true);
    assert.equal(range('vers:npm/*', '0.0.1', 'npm'), true);
    assert.deepEqual(
      compileConditions(
        [{ subject: 'version', operator: 'in_range', value: 'vers:pypi/>=1.0,<2' }],
        new Map(),
      ).problems,
      [
        {
          path: 'conditions.0.value',
          message: "constraint '>=1.0,<2' is not <op><version> (separate constraints with |)",
        },
      ],
      'a comma is not a vers separator',
    );
    assert.equal(range({ introduced: '2.0', fixed: '2.15.0' }, '2.14.1'), true);
    assert.equal(range({ introduced: '2.0', fixed: '2.15.0' }, '2.15.0'), false);
    assert.equal(range({ introduced: '2.0', last_affected: '2.15.0' }, '2.15.0'), true);
    assert.equal(range({ fixed: '1.0' }, '0.9'), true);
    assert.equal(range({ fixed: '1.0' }, null), false, 'no version');
  });
  it('missing purl, version, license (NONE and unparseable text are information)', () => {
    const missing = (value: string, facts: ComponentFacts) =>
      met({ subject: 'missing', operator: 'is', value }, facts);
    assert.equal(missing('purl', component({ purl: null })), 'purl is missing');
    assert.equal(missing('purl', component()), null);
    assert.equal(missing('version', component({ version: null })), 'version is missing');
    assert.equal(missing('license', component({ licenseMissing: true })), 'license is missing');
    assert.equal(missing('license', component()), null);
  });
  it('expression matches, with the DT-compatible functions', () => {
    const expr = (value: string, facts = component()) =>
      met({ subject: 'expression', operator: 'matches', value }, facts);
    assert.notEqual(expr('component.name == "log4j-core" && vulns.exists(v, is_kev(v))'), null);
    assert.equal(expr('vulns.exists(v, v.epss > 0.99)'), null);
    assert.notEqual(expr('matches_range(component.version, "vers:maven/<2.15.0")'), null);
    assert.equal(expr('matches_range(component.version, "vers:maven/<2.0")'), null);
    assert.notEqual(expr('!spdx_expr_allows(component.license, ["MIT"])'), null);
    assert.equal(expr('!spdx_expr_allows("MIT OR GPL-3.0-only", ["MIT"])'), null);
    assert.notEqual(expr('asset.name == "shop"'), null);
  });
});

describe('policies combine conditions', () => {
  const policy = (operator: 'any' | 'all', conditions: Condition[]): CompiledPolicy => {
    const { compiled } = compileConditions(conditions, new Map());
    return {
      id: 'pol_1',
      name: 'p',
      kind: 'security',
      state: 'fail',
      operator,
      assetNames: null,
      tags: null,
      component: compiled.filter((c) => c.scope === 'component'),
      vulnerability: compiled.filter((c) => c.scope === 'vulnerability'),
      usesVulns: true,
    } as CompiledPolicy;
  };
  const two = component({
    vulns: [
      vuln(),
      vuln({
        findingId: 'fnd_2',
        vulnerabilityId: 'CVE-2021-45046',
        severity: 'MEDIUM',
        kev: false,
        aliases: [],
      }),
    ],
  });
  it('all: every condition, one violation per vulnerability meeting the vulnerability conditions', () => {
    const drafts = evaluateComponent(
      [
        policy('all', [
          { subject: 'purl', operator: 'matches', value: 'pkg:maven/org.apache.logging.log4j/*' },
          { subject: 'severity', operator: 'at_least', value: 'HIGH' },
        ]),
      ],
      two,
    );
    assert.deepEqual(
      drafts.map((d) => [d.findingId, d.reason]),
      [
        [
          'fnd_1',
          'purl pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1 matches pkg:maven/org.apache.logging.log4j/*; CVE-2021-44228 has severity CRITICAL (at least HIGH)',
        ],
      ],
    );
  });
  it('any: a component condition met is one violation of the component; else one per vulnerability', () => {
    const anyPolicy = policy('any', [
      { subject: 'missing', operator: 'is', value: 'purl' },
      { subject: 'kev', operator: 'is', value: true },
    ]);
    assert.deepEqual(
      evaluateComponent([anyPolicy], two).map((d) => d.findingId),
      ['fnd_1'],
    );
    assert.deepEqual(
      evaluateComponent([anyPolicy], component({ ...two, purl: null })).map((d) => d.findingId),
      [''],
    );
  });
});

describe('policy expressions', () => {
  it('must be bool: an arithmetic expression is refused when the policy is saved', () => {
    assert.deepEqual(compilePolicyExpression('1 + 1'), {
      ok: false,
      error: 'must be a bool expression, not int',
    });
  });
});
