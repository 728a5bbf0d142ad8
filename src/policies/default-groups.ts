// The license groups every organisation starts with (docs/policies.md), built from the current ids of the
// SPDX license list (spdx-license-ids) by family. No dependency of ours classifies copyleft (the npm packages
// `spdx-copyleft` and `@blueoak/list` do, and are not dependencies), so the families below follow the Blue Oak
// Council's copyleft list (strong: "Network Protective" and "Strong" kinds; weak: "Weak" and "Maximal" kinds)
// and its "permissive" ratings (Platinum to Bronze) for the permissive group.
import { currentLicenseIds } from './spdx-catalogue.ts';

/** Family prefixes: an id is in a family when it is the prefix or starts with it and a hyphen or digit. */
const STRONG = [
  'AGPL',
  'GPL',
  'OSL',
  'EUPL',
  'SSPL',
  'RPL',
  'Sleepycat',
  'CC-BY-SA',
  'CECILL-2.',
  'QPL',
  'Parity',
  'RPSL',
  'copyleft-next',
  'CAL-1.0',
];
const WEAK = [
  'LGPL',
  'MPL',
  'EPL',
  'CDDL',
  'CPL-1.0',
  'CECILL-C',
  'MS-RL',
  'IPL-1.0',
  'CPAL-1.0',
  'ErlPL-1.1',
  'APSL-2.0',
  'SimPL-2.0',
  'NPL',
  'OFL',
];
const PERMISSIVE = [
  '0BSD',
  'AFL-3.0',
  'Apache-1.1',
  'Apache-2.0',
  'Artistic-2.0',
  'BlueOak-1.0.0',
  'BSD-1-Clause',
  'BSD-2-Clause',
  'BSD-2-Clause-Patent',
  'BSD-3-Clause',
  'BSD-3-Clause-Clear',
  'BSL-1.0',
  'CC0-1.0',
  'ECL-2.0',
  'ISC',
  'MIT',
  'MIT-0',
  'MulanPSL-2.0',
  'NCSA',
  'PostgreSQL',
  'PSF-2.0',
  'Python-2.0',
  'Unicode-DFS-2016',
  'Unicode-3.0',
  'Unlicense',
  'UPL-1.0',
  'W3C',
  'WTFPL',
  'X11',
  'Zlib',
  'ZPL-2.0',
  'ZPL-2.1',
  'libpng-2.0',
  'curl',
  'HPND',
];

const inFamily = (id: string, prefixes: readonly string[]) =>
  prefixes.some(
    (p) => id === p || (id.startsWith(p) && (p.endsWith('.') || /^[-\d]/.test(id.slice(p.length)))),
  );

/** `{name, licenses}` of the three default groups, ids sorted. */
export function defaultLicenseGroups(): { name: string; licenses: string[] }[] {
  const ids = currentLicenseIds();
  // LGPL starts with neither GPL nor AGPL, so the families do not overlap.
  const copyleft = ids.filter((id) => inFamily(id, STRONG));
  const weak = ids.filter((id) => inFamily(id, WEAK) && !copyleft.includes(id));
  const permissive = PERMISSIVE.filter((id) => ids.includes(id));
  const sorted = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b));
  return [
    { name: 'copyleft', licenses: sorted(copyleft) },
    { name: 'weak-copyleft', licenses: sorted(weak) },
    { name: 'permissive', licenses: sorted(permissive) },
  ];
}
