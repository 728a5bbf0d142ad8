// The SPDX lists the license rules read: ids (current and deprecated), exceptions, full names and the or-later
// families, looked up ignoring case (SPDX 2.3 annex D: ids and exceptions are case-insensitive).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const LICENSE_IDS = require('spdx-license-ids') as string[];
const DEPRECATED_IDS = require('spdx-license-ids/deprecated.json') as string[];
const EXCEPTION_IDS = [
  ...(require('spdx-exceptions') as string[]),
  ...(require('spdx-exceptions/deprecated.json') as string[]),
];
/** Full names (`GNU General Public License v2.0 only`) from the SPDX license list, keyed by id. */
const FULL_NAMES = require('spdx-license-list/spdx.json') as Record<string, { name: string }>;

const byLowerId = new Map<string, string>();
for (const id of [...LICENSE_IDS, ...DEPRECATED_IDS]) byLowerId.set(id.toLowerCase(), id);
const exceptionByLower = new Map(EXCEPTION_IDS.map((id) => [id.toLowerCase(), id]));
const byLowerName = new Map<string, string>();
for (const [id, { name }] of Object.entries(FULL_NAMES)) byLowerName.set(name.toLowerCase(), id);

/** The canonical spelling of an SPDX license id (current or deprecated), ignoring case; null when unlisted. */
export const canonicalLicenseId = (text: string): string | null => byLowerId.get(text.toLowerCase()) ?? null;
/** The canonical spelling of an SPDX exception id, ignoring case; null when unlisted. */
export const canonicalExceptionId = (text: string): string | null =>
  exceptionByLower.get(text.toLowerCase()) ?? null;
/** The id whose SPDX full name this is (ignoring case), else null. */
export const licenseIdOfName = (name: string): string | null =>
  byLowerName.get(name.trim().toLowerCase()) ?? null;

/** Every current (not deprecated) SPDX license id. */
export const currentLicenseIds = (): readonly string[] => LICENSE_IDS;

/**
 * Or-later families, built from the current ids of the SPDX license list: ids that differ only in their version
 * number (`GPL-2.0-only`, `GPL-3.0-only`; `Apache-1.1`, `Apache-2.0`; `GFDL-1.2-invariants-only`, …), oldest
 * first. A version needs a dot, so `BSD-2-Clause` and `BSD-3-Clause` are not one family.
 */
const FAMILY = /^(.+?)-(\d+)\.(\d+)([a-z]?)(-.*?)?$/;
const families = new Map<string, { id: string; version: [number, number, string] }[]>();
const familyOf = new Map<string, string>();
for (const id of LICENSE_IDS) {
  if (id.endsWith('-or-later')) continue;
  const match = FAMILY.exec(id);
  if (!match) continue;
  const key = `${match[1]}|${(match[5] ?? '').replace(/-only$/, '')}`;
  const members = families.get(key) ?? [];
  members.push({ id, version: [Number(match[2]), Number(match[3]), match[4] ?? ''] });
  families.set(key, members);
  familyOf.set(id, key);
}
for (const members of families.values())
  members.sort(
    (a, b) =>
      a.version[0] - b.version[0] || a.version[1] - b.version[1] || a.version[2].localeCompare(b.version[2]),
  );

/** `id` and each later version of its family (the `-only` forms), oldest first; `[id]` without a family. */
export function orLaterMembers(id: string): string[] {
  const key = familyOf.get(id);
  if (!key) return [id];
  const members = families.get(key)!;
  const at = members.findIndex((m) => m.id === id);
  return members.slice(at).map((m) => m.id);
}

/** The plain id an `-or-later` id is the or-later form of (`GPL-2.0-or-later` → `GPL-2.0-only`). */
export function orLaterBase(id: string): string | null {
  if (!id.endsWith('-or-later')) return null;
  const stem = id.slice(0, -'-or-later'.length);
  return byLowerId.has(`${stem}-only`.toLowerCase()) ? `${stem}-only` : stem;
}

/**
 * Deprecated ids with a successor, as the SPDX license list's deprecation notes give them: the GNU ids without
 * `-only`/`-or-later`, and the `-with-…-exception` ids that became `WITH` expressions. Deprecated ids without a
 * successor (`Nunit`, `wxWindows`, …) stay as they are: they are still on the list.
 */
const WITH_SUCCESSORS: Record<string, [license: string, exception: string]> = {
  'GPL-2.0-with-GCC-exception': ['GPL-2.0-only', 'GCC-exception-2.0'],
  'GPL-2.0-with-autoconf-exception': ['GPL-2.0-only', 'Autoconf-exception-2.0'],
  'GPL-2.0-with-bison-exception': ['GPL-2.0-only', 'Bison-exception-2.2'],
  'GPL-2.0-with-classpath-exception': ['GPL-2.0-only', 'Classpath-exception-2.0'],
  'GPL-2.0-with-font-exception': ['GPL-2.0-only', 'Font-exception-2.0'],
  'GPL-3.0-with-GCC-exception': ['GPL-3.0-only', 'GCC-exception-3.1'],
  'GPL-3.0-with-autoconf-exception': ['GPL-3.0-only', 'Autoconf-exception-3.0'],
  'eCos-2.0': ['GPL-2.0-or-later', 'eCos-exception-2.0'],
  wxWindows: ['GPL-2.0-or-later', 'WxWindows-exception-3.1'],
  'StandardML-NJ': ['SMLNJ', ''],
};

/** The successor of a deprecated id: `{license, orLater, exception}`; the id itself when it has none. */
export function successorOf(id: string): { license: string; orLater: boolean; exception: string | null } {
  const withSuccessor = WITH_SUCCESSORS[id];
  if (withSuccessor) {
    const [license, exception] = withSuccessor;
    const orLater = license.endsWith('-or-later');
    return {
      license: orLater ? license.replace(/-or-later$/, '-only') : license,
      orLater,
      exception: exception === '' ? null : exception,
    };
  }
  // GPL-2.0 → GPL-2.0-only (its `+` form is read by the parser as or-later of the same).
  if (/^(A|L)?GPL-\d\.\d$|^GFDL-\d\.\d$/.test(id))
    return { license: `${id}-only`, orLater: false, exception: null };
  return { license: id, orLater: false, exception: null };
}
