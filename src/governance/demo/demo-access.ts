import { DAY, HOUR } from '../common.ts';
import type { GovernanceBundle } from '../import/bundle.schema.ts';
import { DEPARTMENTS, FIRST_NAMES, LAST_NAMES, SOD_RULES, SYSTEMS, type Prng } from './catalog.ts';

type Item<K extends keyof GovernanceBundle> =
  NonNullable<GovernanceBundle[K]> extends (infer T)[] ? T : never;
export type DemoIdentity = Item<'identities'> & { managerRank?: number };
export type DemoGrant = Item<'grants'> & { privileged: boolean; risk: string; subject?: string };

const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(6, '0');

export interface AccessData {
  identities: Item<'identities'>[];
  systems: Item<'systems'>[];
  accounts: Item<'accounts'>[];
  entitlements: Item<'entitlements'>[];
  grants: DemoGrant[];
  sodRules: Item<'sodRules'>[];
}

function identities(rng: Prng, count: number, now: number): Item<'identities'>[] {
  const out: Item<'identities'>[] = [];
  const managers = new Map<string, string[]>();
  const heads = new Map<string, string>();
  const managerIds = new Set<string>();
  for (let k = 0; k < count; k++) {
    // The first identities head the departments, so every department has someone at the top.
    const dept =
      k < DEPARTMENTS.length ? DEPARTMENTS[k]! : rng.weighted(DEPARTMENTS.map((d) => [d, d.weight] as const));
    const title = k < DEPARTMENTS.length ? `Head of ${dept.name}` : rng.weighted(dept.titles);
    const id = `demo-idn-${pad(k + 1)}`;
    const joiner = rng.chance(0.06);
    let hire = joiner ? now - rng.int(1, 89) * DAY : now - rng.int(90, 8 * 365) * DAY;
    const roll = rng.next();
    const status =
      k < DEPARTMENTS.length ? 'active' : roll < 0.08 ? 'terminated' : roll < 0.1 ? 'leave' : 'active';
    let termination: number | undefined;
    if (status === 'terminated') {
      termination = now - rng.int(1, 365 * 24) * HOUR;
      if (hire >= termination) hire = termination - rng.int(30, 1000) * DAY;
    }
    const moved =
      status !== 'terminated' && !joiner && rng.chance(0.08)
        ? now - rng.int(1, rng.chance(0.4) ? 89 : 700) * DAY
        : undefined;
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    out.push({
      externalId: id,
      displayName: name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${k + 1}@demo.example.com`,
      department: dept.name,
      title,
      employmentType: rng.weighted([
        ['employee', 85],
        ['contractor', 12],
        ['intern', 3],
      ] as const),
      status,
      hireDate: iso(hire),
      ...(termination !== undefined ? { terminationDate: iso(termination) } : {}),
      ...(moved !== undefined && moved > hire ? { departmentChangedAt: iso(moved) } : {}),
    });
    if (k < DEPARTMENTS.length) heads.set(dept.name, id);
    else if (/Manager|Lead/.test(title)) {
      const pool = managers.get(dept.name);
      if (pool) pool.push(id);
      else managers.set(dept.name, [id]);
      managerIds.add(id);
    }
  }
  // Reporting lines: staff → a manager of their department (else its head); managers → the head.
  for (const person of out) {
    const head = heads.get(person.department!);
    if (person.externalId === head) continue;
    const pool = managers.get(person.department!) ?? [];
    const isManager = managerIds.has(person.externalId);
    const manager = isManager || pool.length === 0 ? head : rng.pick(pool);
    if (manager) person.managerExternalId = manager;
  }
  return out;
}

function catalog(now: number) {
  const systems = SYSTEMS.map((s, i) => ({
    externalId: `demo-sys-${s.key}`,
    name: s.name,
    criticality: s.criticality,
    // Two systems have not synced for days: the normalization tool should notice.
    lastSyncAt: iso(now - (i === 7 || i === 8 ? (4 + i) * DAY : (i + 1) * HOUR)),
  }));
  const entitlements = SYSTEMS.flatMap((s) => [
    {
      externalId: `demo-ent-${s.key}-user`,
      systemExternalId: `demo-sys-${s.key}`,
      name: `${s.name} User`,
      privileged: false,
      riskLevel: 'low' as const,
    },
    {
      externalId: `demo-ent-${s.key}-admin`,
      systemExternalId: `demo-sys-${s.key}`,
      name: `${s.name} Admin`,
      privileged: true,
      riskLevel: 'critical' as const,
    },
    ...s.roles.map(([role, risk], r) => ({
      externalId: `demo-ent-${s.key}-r${r}`,
      systemExternalId: `demo-sys-${s.key}`,
      name: `${s.name} ${role}`,
      privileged: false,
      riskLevel: risk,
    })),
  ]);
  const sodRules = SOD_RULES.map(([sys, a, b, severity], n) => {
    const roles = SYSTEMS.find((s) => s.key === sys)!.roles.map(([r]) => r as string);
    return {
      externalId: `demo-sod-${n + 1}`,
      name: `${a} with ${b}`,
      entitlementAExternalId: `demo-ent-${sys}-r${roles.indexOf(a)}`,
      entitlementBExternalId: `demo-ent-${sys}-r${roles.indexOf(b)}`,
      severity,
    };
  });
  return { systems, entitlements, sodRules };
}

/** Last login for a person's account: most recent, some idle for months, a few never. */
function lastLogin(
  rng: Prng,
  person: Item<'identities'>,
  created: number,
  now: number,
  termination?: number,
): number | undefined {
  if (termination !== undefined) return Math.max(created, termination - rng.int(0, 120) * HOUR);
  if (person.status === 'leave') return Math.max(created, now - rng.int(20, 120) * DAY);
  const r = rng.next();
  if (r < 0.02) return undefined;
  const ago =
    r < 0.06
      ? rng.int(90, 400)
      : r < 0.1
        ? rng.int(30, 89)
        : rng.chance(0.8)
          ? rng.int(0, 6)
          : rng.int(7, 29);
  return Math.max(created, now - ago * DAY - rng.int(0, 23) * HOUR);
}

export function generateAccess(rng: Prng, count: number, now: number): AccessData {
  const people = identities(rng, count, now);
  const { systems, entitlements, sodRules } = catalog(now);
  const accounts: Item<'accounts'>[] = [];
  const grants: DemoGrant[] = [];
  const byDept = new Map(DEPARTMENTS.map((d) => [d.name, d]));
  let grantNo = 0;
  const addGrants = (
    accountId: string,
    sysKey: string,
    holder: string | undefined,
    created: number,
    disabled: number | undefined,
    login: number | undefined,
    adminChance: number,
    contractor: boolean,
  ) => {
    const sys = SYSTEMS.find((s) => s.key === sysKey)!;
    const used = (granted: number) =>
      login === undefined || login < granted
        ? undefined
        : iso(login - rng.int(0, 48) * HOUR > granted ? login - rng.int(0, 48) * HOUR : login);
    const push = (
      suffix: string,
      privileged: boolean,
      risk: string,
      granted: number,
      chanceHistory: number,
    ) => {
      let revoked = disabled;
      // A share of role grants ended during the year: the history the delta and debt tools read.
      if (revoked === undefined && suffix !== 'user' && rng.chance(chanceHistory))
        revoked = granted + rng.next() * (now - granted);
      const expires = contractor && suffix !== 'user' ? granted + rng.int(120, 500) * DAY : undefined;
      const lastUsed = privileged && rng.chance(0.15) ? undefined : used(granted);
      grants.push({
        externalId: `demo-grt-${pad(++grantNo)}`,
        accountExternalId: accountId,
        entitlementExternalId: `demo-ent-${sysKey}-${suffix}`,
        grantedAt: iso(granted),
        ...(revoked !== undefined ? { revokedAt: iso(revoked) } : {}),
        ...(expires !== undefined ? { expiresAt: iso(expires) } : {}),
        ...(lastUsed ? { lastUsedAt: lastUsed } : {}),
        privileged,
        risk,
        ...(holder ? { subject: holder } : {}),
      });
    };
    push('user', false, 'low', created, 0);
    sys.roles.forEach(([, risk, chance], r) => {
      if (rng.chance(chance)) push(`r${r}`, false, risk, created + rng.next() * (now - created), 0.06);
    });
    if (rng.chance(adminChance))
      push(
        'admin',
        true,
        'critical',
        rng.chance(0.1) ? now - rng.int(0, 29) * DAY : created + rng.next() * (now - created),
        0.15,
      );
  };
  let accountNo = 0;
  let leaverNo = 0;
  for (const person of people) {
    const dept = byDept.get(person.department!)!;
    const hire = Date.parse(person.hireDate!);
    const termination = person.terminationDate ? Date.parse(person.terminationDate) : undefined;
    // Offboarding: most accounts disabled within hours, some late, a few never (the misses). Every 20th
    // leaver gone for two days or more (the first included) is a miss whatever the roll, so even the smallest
    // demo shows offboarding violations; the roll adds more at random.
    const roll = termination === undefined ? undefined : rng.next();
    const miss = termination !== undefined && termination <= now - 2 * DAY && leaverNo++ % 20 === 0;
    const offboard = miss ? 1 : roll;
    const sysKeys = ['dir', ...dept.systems.filter(([, p]) => rng.chance(p)).map(([k]) => k)];
    for (const sysKey of sysKeys) {
      const created = Math.min(now, hire + rng.int(0, 72) * HOUR);
      const disabled =
        termination === undefined || offboard! >= 0.95
          ? undefined
          : termination + (offboard! < 0.88 ? rng.int(1, 20) : rng.int(25, 24 * 30)) * HOUR;
      const login = lastLogin(rng, person, created, now, termination);
      const correlated = !rng.chance(0.015);
      const id = `demo-acc-${pad(++accountNo)}`;
      accounts.push({
        externalId: id,
        systemExternalId: `demo-sys-${sysKey}`,
        username: `u${pad(accountNo)}`,
        type: 'human',
        status: disabled !== undefined && disabled <= now ? 'disabled' : 'active',
        createdAt: iso(created),
        ...(correlated ? { identityExternalId: person.externalId } : {}),
        ...(login !== undefined ? { lastLoginAt: iso(login) } : {}),
        ...(disabled !== undefined && disabled <= now ? { disabledAt: iso(disabled) } : {}),
      });
      addGrants(
        id,
        sysKey,
        correlated ? person.externalId : undefined,
        created,
        disabled !== undefined && disabled <= now ? disabled : undefined,
        login,
        dept.adminChance,
        person.employmentType === 'contractor',
      );
    }
  }
  // Non-human accounts: service accounts (mostly owned), shared mailboxes, one break-glass per critical system.
  const owners = people.filter(
    (p) => p.status === 'active' && (p.department === 'IT' || p.department === 'Engineering'),
  );
  const machine = Math.max(3, Math.floor(count / 100));
  for (let n = 0; n < machine + SYSTEMS.length; n++) {
    const sys = n < machine ? rng.pick(SYSTEMS) : SYSTEMS[n - machine]!;
    if (n >= machine && sys.criticality !== 'critical') continue;
    const type = n >= machine ? 'break_glass' : rng.chance(0.15) ? 'shared' : 'service';
    const owner =
      type === 'service' && rng.chance(0.8) && owners.length > 0 ? rng.pick(owners).externalId : undefined;
    const created = now - rng.int(30, 1500) * DAY;
    const login =
      type === 'break_glass'
        ? rng.chance(0.5)
          ? undefined
          : now - rng.int(100, 400) * DAY
        : now - rng.int(0, rng.chance(0.1) ? 200 : 3) * DAY;
    const id = `demo-acc-${pad(++accountNo)}`;
    accounts.push({
      externalId: id,
      systemExternalId: `demo-sys-${sys.key}`,
      username: `${type}-${sys.key}-${n}`,
      type,
      status: 'active',
      createdAt: iso(created),
      ...(owner ? { identityExternalId: owner } : {}),
      ...(login !== undefined ? { lastLoginAt: iso(login) } : {}),
    });
    addGrants(
      id,
      sys.key,
      owner,
      created,
      undefined,
      login,
      type === 'service' ? 0.3 : type === 'break_glass' ? 1 : 0,
      false,
    );
  }
  return { identities: people, systems, accounts, entitlements, grants, sodRules };
}
