/** Fixed vocabulary of the demo organisation: departments, systems and their entitlements, names. */

/** Deterministic PRNG (mulberry32): the same seed always yields the same organisation. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) if ((r -= w) < 0) return item;
      return items[items.length - 1]![0];
    },
  };
}
export type Prng = ReturnType<typeof prng>;

export interface Department {
  name: string;
  weight: number;
  titles: readonly (readonly [string, number])[];
  /** System keys with the chance an identity of the department has an account there. */
  systems: readonly (readonly [string, number])[];
  /** Chance of holding the system's privileged entitlement on an account. */
  adminChance: number;
}

export const DEPARTMENTS: readonly Department[] = [
  {
    name: 'Engineering',
    weight: 30,
    titles: [
      ['Software Engineer', 60],
      ['Senior Engineer', 25],
      ['Site Reliability Engineer', 7],
      ['Engineering Manager', 8],
    ],
    systems: [
      ['code', 1],
      ['cloud', 0.4],
      ['tickets', 0.7],
    ],
    adminChance: 0.04,
  },
  {
    name: 'Sales',
    weight: 18,
    titles: [
      ['Account Executive', 70],
      ['Sales Engineer', 20],
      ['Sales Manager', 10],
    ],
    systems: [
      ['crm', 1],
      ['wiki', 0.3],
    ],
    adminChance: 0.005,
  },
  {
    name: 'Operations',
    weight: 12,
    titles: [
      ['Operations Analyst', 75],
      ['Operations Manager', 10],
      ['Logistics Coordinator', 15],
    ],
    systems: [
      ['tickets', 1],
      ['erp', 0.3],
    ],
    adminChance: 0.005,
  },
  {
    name: 'Customer Support',
    weight: 12,
    titles: [
      ['Support Agent', 80],
      ['Support Lead', 12],
      ['Support Manager', 8],
    ],
    systems: [
      ['tickets', 1],
      ['crm', 0.5],
    ],
    adminChance: 0.005,
  },
  {
    name: 'Finance',
    weight: 7,
    titles: [
      ['Accountant', 60],
      ['Financial Analyst', 30],
      ['Finance Manager', 10],
    ],
    systems: [
      ['erp', 1],
      ['payroll', 0.3],
    ],
    adminChance: 0.01,
  },
  {
    name: 'Marketing',
    weight: 8,
    titles: [
      ['Marketing Specialist', 70],
      ['Content Writer', 20],
      ['Marketing Manager', 10],
    ],
    systems: [
      ['crm', 0.6],
      ['wiki', 1],
    ],
    adminChance: 0.005,
  },
  {
    name: 'People',
    weight: 4,
    titles: [
      ['HR Partner', 70],
      ['Recruiter', 20],
      ['People Manager', 10],
    ],
    systems: [
      ['hris', 1],
      ['payroll', 0.5],
    ],
    adminChance: 0.02,
  },
  {
    name: 'Legal',
    weight: 2,
    titles: [
      ['Counsel', 80],
      ['Legal Manager', 20],
    ],
    systems: [['wiki', 1]],
    adminChance: 0.005,
  },
  {
    name: 'IT',
    weight: 4,
    titles: [
      ['IT Administrator', 60],
      ['Service Desk Analyst', 30],
      ['IT Manager', 10],
    ],
    systems: [
      ['cloud', 1],
      ['tickets', 1],
      ['hris', 0.2],
    ],
    adminChance: 0.15,
  },
  {
    name: 'Security',
    weight: 3,
    titles: [
      ['Security Engineer', 70],
      ['Security Analyst', 20],
      ['Security Manager', 10],
    ],
    systems: [
      ['cloud', 1],
      ['code', 0.5],
      ['siem', 1],
    ],
    adminChance: 0.2,
  },
];

export interface SystemDef {
  key: string;
  name: string;
  criticality: 'low' | 'medium' | 'high' | 'critical';
  /** Role entitlements: [name, risk level, chance per account]; every system also has User and Admin. */
  roles: readonly (readonly [string, 'low' | 'medium' | 'high' | 'critical', number])[];
}

export const SYSTEMS: readonly SystemDef[] = [
  {
    key: 'dir',
    name: 'Corporate Directory',
    criticality: 'critical',
    roles: [['VPN Access', 'medium', 0.4]],
  },
  {
    key: 'code',
    name: 'Code Hosting',
    criticality: 'high',
    roles: [
      ['Merge to Main', 'high', 0.35],
      ['Deploy Production', 'high', 0.12],
    ],
  },
  {
    key: 'cloud',
    name: 'Cloud Console',
    criticality: 'critical',
    roles: [
      ['Read Only', 'low', 0.6],
      ['Operator', 'high', 0.25],
    ],
  },
  {
    key: 'tickets',
    name: 'Ticketing',
    criticality: 'medium',
    roles: [
      ['Agent', 'low', 0.5],
      ['Queue Manager', 'medium', 0.08],
    ],
  },
  {
    key: 'crm',
    name: 'CRM',
    criticality: 'high',
    roles: [
      ['Export Contacts', 'high', 0.1],
      ['Discount Approver', 'medium', 0.06],
    ],
  },
  {
    key: 'erp',
    name: 'Finance ERP',
    criticality: 'critical',
    roles: [
      ['Vendor Create', 'high', 0.3],
      ['Payment Approve', 'critical', 0.2],
    ],
  },
  {
    key: 'payroll',
    name: 'Payroll',
    criticality: 'critical',
    roles: [
      ['Payroll Edit', 'high', 0.4],
      ['Payroll Approve', 'critical', 0.25],
    ],
  },
  {
    key: 'hris',
    name: 'HR Information System',
    criticality: 'high',
    roles: [['Employee Records', 'high', 0.5]],
  },
  { key: 'wiki', name: 'Wiki', criticality: 'low', roles: [['Space Admin', 'medium', 0.05]] },
  {
    key: 'siem',
    name: 'Security Monitoring',
    criticality: 'critical',
    roles: [['Rule Editor', 'high', 0.5]],
  },
];

/** Separation-of-duty pairs: [system, role A, role B, severity]. */
export const SOD_RULES = [
  ['erp', 'Vendor Create', 'Payment Approve', 'critical'],
  ['payroll', 'Payroll Edit', 'Payroll Approve', 'critical'],
  ['code', 'Merge to Main', 'Deploy Production', 'high'],
] as const;

export const FIRST_NAMES = [
  'Aiko',
  'Amara',
  'Anders',
  'Beatriz',
  'Bilal',
  'Camille',
  'Chen',
  'Dario',
  'Deepa',
  'Elif',
  'Emeka',
  'Farah',
  'Felix',
  'Greta',
  'Hamid',
  'Hana',
  'Ingrid',
  'Isaac',
  'Jonas',
  'Julia',
  'Kenji',
  'Kofi',
  'Lara',
  'Lucas',
  'Maya',
  'Mateo',
  'Nadia',
  'Nikolai',
  'Olga',
  'Omar',
  'Priya',
  'Quinn',
  'Rafael',
  'Rosa',
  'Samir',
  'Sofia',
  'Tariq',
  'Tessa',
  'Umar',
  'Valentina',
  'Wei',
  'Xenia',
  'Yara',
  'Yusuf',
  'Zara',
  'Zoltan',
  'Leon',
  'Mira',
  'Noah',
  'Ines',
];
export const LAST_NAMES = [
  'Abara',
  'Bakker',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quispe',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Uddin',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zhang',
  'Almeida',
  'Brennan',
  'Costa',
  'Delgado',
  'Evans',
  'Fontaine',
  'Gupta',
  'Horvat',
  'Ibrahim',
  'Jovanovic',
  'Kim',
  'Larsen',
  'Mensah',
  'Novak',
  'Ortiz',
  'Park',
  'Rahman',
  'Santos',
  'Takahashi',
  'Ueda',
  'Vogel',
  'Walsh',
  'Yamada',
  'Zimmer',
];

export const DEMO_VENDORS = [
  ['Northwind Cloud', 'commercial', 1, 'completed'],
  ['Contoso Payroll Services', 'commercial', 1, 'in_progress'],
  ['Fabrikam Identity', 'commercial', 1, 'not_started'],
  ['Tailspin Analytics', 'commercial', 2, 'completed'],
  ['Litware Ticketing', 'commercial', 2, 'in_progress'],
  ['Adventure Works Logistics', 'commercial', 2, 'not_started'],
  ['openssl', 'oss', 2, 'completed'],
  ['log4j', 'oss', 1, 'completed'],
  ['left-pad', 'oss', 3, 'not_started'],
  ['Proseware Marketing', 'commercial', 3, 'completed'],
  ['Internal Platform Team', 'internal', 2, 'completed'],
] as const;

export const DEMO_RISKS = [
  ['Privileged access retained by leavers', 'access', 4, 4, 'mitigate'],
  ['Single administrator for the finance ERP', 'access', 3, 4, 'mitigate'],
  ['Unreviewed service accounts in the cloud console', 'access', 4, 5, 'mitigate'],
  ['Payroll provider breach', 'supplier', 2, 5, 'transfer'],
  ['Ransomware on employee endpoints', 'technology', 3, 5, 'mitigate'],
  ['Loss of the office building', 'physical', 1, 3, 'accept'],
  ['Open-source dependency compromise', 'supplier', 3, 4, 'mitigate'],
  ['Customer data exported from the CRM', 'data', 2, 4, 'mitigate'],
] as const;
