import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { ParsedComponent } from '../sbom-model.ts';
import { parseSbom } from './parse-sbom.ts';
import { SHARED_DATA, sharedDataSkip } from '../../../test/support/shared-data.ts';

const DATA = new URL('sboms/', SHARED_DATA);
const skip = sharedDataSkip('sboms');

interface Sample {
  name: string;
  version: string | null;
  purl: string | null;
  licenses: string[];
  ecosystem?: string | null;
}
interface Expected {
  format: 'cyclonedx' | 'spdx';
  specVersion: string;
  count: number;
  subject: string | null;
  samples: Sample[];
}

const npm = (name: string, version: string, purl: string, licenses: string[]): Sample => ({
  name,
  version,
  purl,
  licenses,
  ecosystem: 'npm',
});

// Counts were taken independently of the parsers (jq over the JSON, Python's ElementTree over the XML, nested
// components included; for SPDX the described root package subtracted).
const EXPECTED: Record<string, Expected> = {
  'cyclonedx/cern-lhc-vdm-editor-e564943__bom.json': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 43,
    subject: 'lhc-vdm-editor',
    samples: [
      npm('puppeteer', '1.19.0', 'pkg:npm/puppeteer@1.19.0', ['Apache-2.0']),
      npm('async-limiter', '1.0.1', 'pkg:npm/async-limiter@1.0.1', ['MIT']),
    ],
  },
  'cyclonedx/cern-lhc-vdm-editor-e564943__bom.xml': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 43,
    subject: 'lhc-vdm-editor',
    samples: [npm('readable-stream', '2.3.6', 'pkg:npm/readable-stream@2.3.6', ['MIT'])],
  },
  'cyclonedx/dropwizard-1.3.15__bom.json': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 167,
    subject: 'dropwizard-parent',
    samples: [
      {
        name: 'jackson-annotations',
        version: '2.9.10',
        purl: 'pkg:maven/com.fasterxml.jackson.core/jackson-annotations@2.9.10?type=jar',
        licenses: ['Apache-2.0'],
        ecosystem: 'Maven',
      },
      {
        name: 'osgi-resource-locator',
        version: '1.0.1',
        purl: 'pkg:maven/org.glassfish.hk2/osgi-resource-locator@1.0.1?type=jar',
        licenses: ['(CDDL-1.0 OR GPL-2.0-with-classpath-exception)'],
      },
    ],
  },
  'cyclonedx/dropwizard-1.3.15__bom.xml': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 167,
    subject: 'dropwizard-parent',
    samples: [
      {
        name: 'joda-time',
        version: '2.10.1',
        purl: 'pkg:maven/joda-time/joda-time@2.10.1?type=jar',
        licenses: ['Apache-2.0'],
        ecosystem: 'Maven',
      },
      {
        name: 'dropwizard-forms',
        version: '1.3.15',
        purl: 'pkg:maven/io.dropwizard/dropwizard-forms@1.3.15?type=jar',
        licenses: [],
      },
    ],
  },
  'cyclonedx/juice-shop-npm.cdx-1.5.json': {
    format: 'cyclonedx',
    specVersion: '1.5',
    count: 1101,
    subject: 'juice-shop',
    samples: [
      npm(
        'helper-string-parser',
        '7.24.7',
        'pkg:npm/%40babel/helper-string-parser@7.24.7#packages/babel-helper-string-parser',
        ['MIT'],
      ),
      npm('zlibjs', '0.3.1', 'pkg:npm/zlibjs@0.3.1', ['MIT']),
    ],
  },
  'cyclonedx/juice-shop-npm.cdx-1.6.json': {
    format: 'cyclonedx',
    specVersion: '1.6',
    count: 1101,
    subject: 'juice-shop',
    samples: [npm('promisify', '1.1.3', 'pkg:npm/%40gar/promisify@1.1.3', ['MIT'])],
  },
  'cyclonedx/juice-shop__v11.1.2__bom.json': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 840,
    subject: 'juice-shop',
    samples: [
      npm('body-parser', '1.19.0', 'pkg:npm/body-parser@1.19.0', ['MIT']),
      npm('inherits', '2.0.3', 'pkg:npm/inherits@2.0.3', ['ISC']),
    ],
  },
  'cyclonedx/juice-shop__v11.1.2__bom.xml': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 840,
    subject: 'juice-shop',
    samples: [npm('uglify-to-browserify', '1.0.2', 'pkg:npm/uglify-to-browserify@1.0.2', ['MIT'])],
  },
  'cyclonedx/juice-shop__via_npm__bare__bom.1.4.xml': {
    format: 'cyclonedx',
    specVersion: '1.4',
    count: 1115,
    subject: 'juice-shop',
    samples: [npm('node-pre-gyp', '1.0.10', 'pkg:npm/%40mapbox/node-pre-gyp@1.0.10', ['BSD-3-Clause'])],
  },
  'cyclonedx/juice-shop__via_npm__flat__bom.1.4.json': {
    format: 'cyclonedx',
    specVersion: '1.4',
    count: 1115,
    subject: 'juice-shop',
    samples: [
      npm(
        'helper-string-parser',
        '7.19.4',
        'pkg:npm/%40babel/helper-string-parser@7.19.4#packages/babel-helper-string-parser',
        ['MIT'],
      ),
    ],
  },
  'cyclonedx/keycloak-10.0.2__bom.json': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 903,
    subject: 'keycloak-parent',
    samples: [
      {
        name: 'bcprov-jdk15on',
        version: '1.62',
        purl: 'pkg:maven/org.bouncycastle/bcprov-jdk15on@1.62?type=jar',
        licenses: ['Bouncy Castle Licence'],
        ecosystem: 'Maven',
      },
      {
        name: 'product-portal-example',
        version: '10.0.2',
        purl: 'pkg:maven/org.keycloak.example.demo/product-portal-example@10.0.2?type=war',
        licenses: [],
      },
    ],
  },
  'cyclonedx/laravel-7.12.0__bom.1.1.xml': {
    format: 'cyclonedx',
    specVersion: '1.1',
    count: 62,
    subject: null,
    samples: [
      {
        name: 'stack-cors',
        version: '1.3.0',
        purl: 'pkg:composer/asm89/stack-cors@1.3.0',
        licenses: ['MIT'],
        ecosystem: 'Packagist',
      },
    ],
  },
  'cyclonedx/laravel-7.12.0__bom.1.2.json': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 62,
    subject: 'cyclonedx-php-composer-demo',
    samples: [
      {
        name: 'portable-ascii',
        version: '1.6.1',
        purl: 'pkg:composer/voku/portable-ascii@1.6.1',
        licenses: ['MIT'],
        ecosystem: 'Packagist',
      },
    ],
  },
  'cyclonedx/laravel-7.12.0__bom.1.3.xml': {
    format: 'cyclonedx',
    specVersion: '1.3',
    count: 62,
    subject: 'cyclonedx-php-composer-demo',
    samples: [
      {
        name: 'laravel-cors',
        version: 'v1.0.6',
        purl: 'pkg:composer/fruitcake/laravel-cors@v1.0.6',
        licenses: ['MIT'],
      },
    ],
  },
  'cyclonedx/laravel-7.12.0__bom.1.4.json': {
    format: 'cyclonedx',
    specVersion: '1.4',
    count: 62,
    subject: 'cyclonedx-php-composer-demo',
    samples: [
      {
        name: 'laravel-cors',
        version: 'v1.0.6',
        purl: 'pkg:composer/fruitcake/laravel-cors@v1.0.6',
        licenses: ['MIT'],
      },
    ],
  },
  'cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 201,
    subject: 'github.com/ProtonMail/proton-bridge',
    samples: [
      {
        name: 'gopkg.in/yaml.v3',
        version: 'v3.0.0-20200313102051-9f266ea9e77c',
        purl: 'pkg:golang/gopkg.in/yaml.v3@v3.0.0-20200313102051-9f266ea9e77c',
        licenses: ['Apache-2.0', 'MIT'],
        ecosystem: 'Go',
      },
    ],
  },
  'cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.xml': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 201,
    subject: 'github.com/ProtonMail/proton-bridge',
    samples: [
      {
        name: 'github.com/Masterminds/semver/v3',
        version: 'v3.1.0',
        purl: 'pkg:golang/github.com/Masterminds/semver/v3@v3.1.0',
        licenses: ['MIT'],
        ecosystem: 'Go',
      },
    ],
  },
  'cyclonedx/protonmail-webclient-v4-0912dff__bom.json': {
    format: 'cyclonedx',
    specVersion: '1.2',
    count: 883,
    subject: 'protonmail-web',
    samples: [
      npm('polyfill', '7.10.4', 'pkg:npm/%40babel/polyfill@7.10.4', ['MIT']),
      npm('angular-ical', '1.1.0', 'pkg:npm/angular-ical@1.1.0', ['MIT']),
    ],
  },
  'spdx/balenalib-amd64-alpine-python.syft.spdx-2.3.json': {
    format: 'spdx',
    specVersion: '2.3',
    count: 73,
    subject: null,
    samples: [
      {
        name: '.build-deps',
        version: '20221221.025704',
        purl: 'pkg:alpine/.build-deps@20221221.025704?arch=noarch&distro=alpine-3.17.0',
        licenses: [],
        ecosystem: 'Alpine',
      },
      {
        name: 'zstd-libs',
        version: '1.5.2-r9',
        purl: 'pkg:alpine/zstd-libs@1.5.2-r9?arch=x86_64&distro=alpine-3.17.0&upstream=zstd',
        licenses: ['BSD-3-Clause AND GPL-2.0-or-later'],
      },
    ],
  },
  'spdx/balenalib-amd64-alpine-python.trivy.spdx-2.2.json': {
    format: 'spdx',
    specVersion: '2.2',
    count: 74,
    subject:
      'balenalib/amd64-alpine-python@sha256:bec857330cefe7a6ce23a8e25ce84eaa6fedefca9902c31592683bd8a046e717',
    samples: [
      {
        name: 'pinentry',
        version: '1.2.1-r0',
        purl: 'pkg:apk/alpine/pinentry@1.2.1-r0?distro=3.17.0',
        licenses: ['GPL-2.0'],
        ecosystem: 'Alpine',
      },
      { name: 'python-pkg', version: null, purl: null, licenses: [], ecosystem: null },
    ],
  },
  'spdx/constellation-v2.2.2-golang.syft.spdx-2.2.json': {
    format: 'spdx',
    specVersion: '2.2',
    count: 1303,
    subject: null,
    samples: [
      {
        name: 'sigs.k8s.io/yaml',
        version: 'v1.3.0',
        purl: 'pkg:golang/sigs.k8s.io/yaml@v1.3.0',
        licenses: [],
        ecosystem: 'Go',
      },
    ],
  },
  'spdx/microsoft-sbom-tool-nuget.spdx-2.2.json': {
    format: 'spdx',
    specVersion: '2.2',
    count: 122,
    subject: 'SBOMTool',
    samples: [
      {
        name: 'Microsoft.TestPlatform.ObjectModel',
        version: '17.4.0-preview-20220726-02',
        purl: 'pkg:nuget/Microsoft.TestPlatform.ObjectModel@17.4.0-preview-20220726-02',
        licenses: [],
        ecosystem: 'NuGet',
      },
    ],
  },
  'spdx/spdx-examples-ex11-rust-hello-server.spdx-2.3.json': {
    format: 'spdx',
    specVersion: '2.3',
    count: 3,
    subject: 'hello-server-src',
    samples: [
      {
        name: 'tokio',
        version: '1.19.2',
        purl: 'pkg:cargo/tokio@1.19.2',
        licenses: ['MIT'],
        ecosystem: 'crates.io',
      },
      {
        name: 'pretty_env_logger',
        version: '0.4.0',
        purl: 'pkg:cargo/pretty_env_logger@0.4.0',
        licenses: ['MIT OR Apache-2.0'],
      },
    ],
  },
  'spdx/spdx-examples-ex14-examplemaven-enriched.spdx-2.3.json': {
    format: 'spdx',
    specVersion: '2.3',
    count: 5,
    subject: 'examplemaven',
    samples: [
      { name: 'JUnit', version: '3.8.1', purl: null, licenses: ['CPL-1.0'], ecosystem: null },
      { name: 'SLF4J API Module', version: null, purl: null, licenses: [] },
    ],
  },
  'spdx/spdx-examples-ex9-appbomination.spdx-2.2.json': {
    format: 'spdx',
    specVersion: '2.2',
    count: 6,
    subject: 'App-BOM-ination',
    samples: [
      {
        name: 'slf4j-api',
        version: '1.7.21',
        purl: 'pkg:maven/org.slf4j/slf4j-api@1.7.21',
        licenses: ['Apache-2.0'],
        ecosystem: 'Maven',
      },
      { name: 'Faust Proprietary File', version: null, purl: null, licenses: ['LicenseRef-1'] },
    ],
  },
};

const parseFile = (relative: string) =>
  parseSbom(relative.split('/').pop()!, readFileSync(new URL(relative, DATA)));

describe('real SBOMs of the shared data (sboms/)', { skip }, () => {
  it('the table covers every file in the folder', () => {
    const files = ['cyclonedx', 'spdx'].flatMap((dir) =>
      readdirSync(new URL(`${dir}/`, DATA)).map((f) => `${dir}/${f}`),
    );
    assert.deepEqual(files.sort(), Object.keys(EXPECTED).sort());
  });

  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`${file}: ${expected.count} components`, () => {
      const sbom = parseFile(file);
      assert.equal(sbom.format, expected.format);
      assert.equal(sbom.specVersion, expected.specVersion);
      assert.equal(sbom.components.length, expected.count);
      assert.equal(sbom.metadataComponent?.name ?? null, expected.subject);
      for (const sample of expected.samples) {
        // Syft lists a Go module once per binary that embeds it: the first occurrence stands for all.
        const c = sbom.components.find((x) => x.name === sample.name && x.version === sample.version);
        assert.ok(c, `${sample.name}@${sample.version} is a component`);
        assert.equal(c.purl, sample.purl);
        assert.deepEqual(c.licenses, sample.licenses);
        if (sample.ecosystem !== undefined) assert.equal(c.ecosystem, sample.ecosystem);
      }
    });
  }
});

/** Fields compared between twins; the differences the documents really have are listed per pair. */
const strip = (c: ParsedComponent, ignore: (keyof ParsedComponent)[]) =>
  Object.fromEntries(Object.entries(c).filter(([k]) => !ignore.includes(k as keyof ParsedComponent)));

const TWINS: { a: string; b: string; ignore: (keyof ParsedComponent)[]; why?: string }[] = [
  { a: 'cern-lhc-vdm-editor-e564943__bom.json', b: 'cern-lhc-vdm-editor-e564943__bom.xml', ignore: [] },
  { a: 'juice-shop__v11.1.2__bom.json', b: 'juice-shop__v11.1.2__bom.xml', ignore: [] },
  // The XML nests components under their parents; flattened depth-first it is the flat JSON, in order.
  { a: 'juice-shop__via_npm__flat__bom.1.4.json', b: 'juice-shop__via_npm__bare__bom.1.4.xml', ignore: [] },
  { a: 'laravel-7.12.0__bom.1.2.json', b: 'laravel-7.12.0__bom.1.3.xml', ignore: [] },
  { a: 'laravel-7.12.0__bom.1.2.json', b: 'laravel-7.12.0__bom.1.4.json', ignore: [] },
  {
    a: 'laravel-7.12.0__bom.1.2.json',
    b: 'laravel-7.12.0__bom.1.1.xml',
    ignore: ['bomRef', 'dependsOn'],
    why: 'CycloneDX 1.1 has neither bom-ref nor a dependency graph',
  },
  {
    a: 'proton-bridge__proton-bridge-v1.8.0.bom.json',
    b: 'proton-bridge__proton-bridge-v1.8.0.bom.xml',
    ignore: [],
  },
  { a: 'juice-shop-npm.cdx-1.5.json', b: 'juice-shop-npm.cdx-1.6.json', ignore: [] },
  {
    a: 'dropwizard-1.3.15__bom.json',
    b: 'dropwizard-1.3.15__bom.xml',
    ignore: ['scope', 'licenses', 'licenseData'],
    why: 'the XML gives <scope>required</scope> everywhere, the JSON no scope; osgi-resource-locator has a license expression only in the JSON',
  },
];

describe('JSON and XML twins give the same components', { skip }, () => {
  for (const twin of TWINS) {
    it(`${twin.a} = ${twin.b}${twin.why ? ` (except ${twin.ignore.join(', ')}: ${twin.why})` : ''}`, () => {
      const a = parseFile(`cyclonedx/${twin.a}`);
      const b = parseFile(`cyclonedx/${twin.b}`);
      assert.deepEqual(
        a.components.map((c) => strip(c, twin.ignore)),
        b.components.map((c) => strip(c, twin.ignore)),
      );
    });
  }

  it('dropwizard twins differ exactly where the documents do', () => {
    const json = parseFile('cyclonedx/dropwizard-1.3.15__bom.json').components;
    const xml = parseFile('cyclonedx/dropwizard-1.3.15__bom.xml').components;
    assert.ok(json.every((c) => c.scope === null) && xml.every((c) => c.scope === 'required'));
    const differing = json
      .filter((c, i) => JSON.stringify(c.licenses) !== JSON.stringify(xml[i]!.licenses))
      .map((c) => c.name);
    assert.deepEqual(differing, ['osgi-resource-locator']);
  });
});
