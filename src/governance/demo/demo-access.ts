/** The demo's access data: systems, accounts, entitlements and grants of the generated workforce. */
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
    const leaveStart = status === 'leave' ? now - rng.int(5, 60) * DAY : undefined;
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
      ...(k < DEPARTMENTS.length ? { departmentHead: true } : {}),
      ...(leaveStart !== undefined ? { leaveStartedAt: iso(Math.max(leaveStart, hire + DAY)) } : {}),
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
  if (person.status === 'leave') {
    // A third of the people on leave still log in after it began (a login during leave).
    const start = Date.parse(person.leaveStartedAt!);
    const login = rng.chance(0.3)
      ? start + rng.int(1, (now - start) / HOUR - 1) * HOUR
      : start - rng.int(1, 60) * DAY;
    return Math.max(created, login);
  }
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
      // One in ten accounts disabled at offboarding keeps its grants (a disabled account with grants).
      const keepsGrants = disabled !== undefined && rng.chance(0.1);
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
        disabled !== undefined && disabled <= now && !keepsGrants ? disabled : undefined,
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
  // Two conflicts the random draw can miss at small sizes, made deterministic: the first leaver past the SLA
  // keeps an ERP account holding both sides of the first SoD rule (a leaver's conflict), and the first owned
  // service account holds one side while its owner holds the other (a conflict through an owned account).
  const rule = sodRules[0]!;
  const conflict = (accountId: string, holder: string, entitlements: string[], granted: number) => {
    for (const entitlement of entitlements)
      grants.push({
        externalId: `demo-grt-${pad(++grantNo)}`,
        accountExternalId: accountId,
        entitlementExternalId: entitlement,
        grantedAt: iso(granted),
        privileged: false,
        // Kept out of the review sample (high-risk grants only), so no review revocation undoes the case.
        risk: 'medium',
        subject: holder,
      });
  };
  const leaver = people.find((p) => p.terminationDate && Date.parse(p.terminationDate) <= now - 2 * DAY);
  if (leaver) {
    const id = `demo-acc-${pad(++accountNo)}`;
    const created = Date.parse(leaver.hireDate!);
    accounts.push({
      externalId: id,
      systemExternalId: rule.entitlementAExternalId.replace(/^demo-ent-(\w+)-.*$/, 'demo-sys-$1'),
      username: `u${pad(accountNo)}`,
      type: 'human',
      status: 'active',
      createdAt: iso(created),
      identityExternalId: leaver.externalId,
    });
    conflict(id, leaver.externalId, [rule.entitlementAExternalId, rule.entitlementBExternalId], created);
  }
  const owned = accounts.find((a) => a.type === 'service' && a.identityExternalId);
  const ownerAccount =
    owned && accounts.find((a) => a.type === 'human' && a.identityExternalId === owned.identityExternalId);
  if (owned && ownerAccount) {
    const granted = Date.parse(owned.createdAt);
    conflict(owned.externalId, owned.identityExternalId!, [rule.entitlementAExternalId], granted);
    conflict(ownerAccount.externalId, owned.identityExternalId!, [rule.entitlementBExternalId], granted);
  }
  return { identities: people, systems, accounts, entitlements, grants, sodRules };
}

/**
 * Accepted separation-of-duty conflicts: every third identity holding both entitlements of a rule has an
 * exception approved by the Security head, every other one of those already expired (time-bound).
 */
export function generateSodExceptions(access: AccessData, now: number): Item<'sodExceptions'>[] {
  const held = new Map<string, Set<string>>();
  for (const g of access.grants) {
    if (!g.subject || g.revokedAt) continue;
    const key = g.entitlementExternalId;
    const holders = held.get(key) ?? new Set<string>();
    holders.add(g.subject);
    held.set(key, holders);
  }
  const approver = access.identities.find((p) => p.departmentHead && p.department === 'Security')?.externalId;
  const out: Item<'sodExceptions'>[] = [];
  for (const rule of access.sodRules) {
    const b = held.get(rule.entitlementBExternalId) ?? new Set<string>();
    const both = [...(held.get(rule.entitlementAExternalId) ?? [])].filter((id) => b.has(id)).sort();
    both.forEach((identity, n) => {
      if (n % 3 !== 0) return;
      const expired = n % 6 === 3;
      out.push({
        externalId: `demo-sox-${rule.externalId}-${n}`,
        ruleExternalId: rule.externalId,
        identityExternalId: identity,
        mitigatingControl: 'Monthly review of the transactions by the finance controller',
        ...(approver ? { approvedByExternalId: approver } : {}),
        approvedAt: iso(now - (expired ? 400 : 60) * DAY),
        expiresAt: iso(now + (expired ? -10 : 120) * DAY),
      });
    });
  }
  return out;
}
