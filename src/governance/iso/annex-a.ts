/**
 * The 93 controls of ISO/IEC 27001:2022 Annex A: identifiers and themes as the standard numbers them, short
 * titles written in our own words (the standard's text is not reproduced).
 */
export const THEMES = ['organizational', 'people', 'physical', 'technological'] as const;
export type Theme = (typeof THEMES)[number];

export interface AnnexAControl {
  id: string;
  theme: Theme;
  title: string;
}

const ORGANIZATIONAL = [
  'Security policy set',
  'Security roles and duties',
  'Separating conflicting duties',
  'Management backing for security',
  'Relations with authorities',
  'Relations with specialist groups',
  'Threat intelligence gathering',
  'Security within projects',
  'Asset inventory',
  'Acceptable use rules',
  'Returning assets on exit',
  'Information classification',
  'Information labelling',
  'Transferring information',
  'Access control policy',
  'Identity lifecycle',
  'Managing authentication secrets',
  'Granting and revoking access',
  'Supplier security policy',
  'Security clauses in supplier contracts',
  'ICT supply chain security',
  'Monitoring supplier services',
  'Cloud service security',
  'Incident response planning',
  'Triage of security events',
  'Handling security incidents',
  'Lessons from incidents',
  'Gathering evidence',
  'Security during disruption',
  'ICT continuity readiness',
  'Legal and contractual obligations',
  'Intellectual property',
  'Protecting records',
  'Privacy and personal data',
  'Independent security review',
  'Policy compliance checks',
  'Written operating procedures',
];
const PEOPLE = [
  'Background screening',
  'Employment terms',
  'Security awareness and training',
  'Disciplinary process',
  'Duties after leaving or moving',
  'Confidentiality agreements',
  'Remote work security',
  'Reporting security events',
];
const PHYSICAL = [
  'Physical perimeters',
  'Entry controls',
  'Securing offices and rooms',
  'Physical monitoring',
  'Environmental threat protection',
  'Work in secure areas',
  'Clear desk and screen',
  'Siting of equipment',
  'Assets outside the premises',
  'Storage media handling',
  'Utilities supporting systems',
  'Cabling protection',
  'Equipment upkeep',
  'Disposal and reuse of equipment',
];
const TECHNOLOGICAL = [
  'Endpoint devices',
  'Privileged access',
  'Restricting information access',
  'Source code access',
  'Secure authentication',
  'Capacity planning',
  'Malware defence',
  'Vulnerability management',
  'Configuration management',
  'Deleting information',
  'Data masking',
  'Data leak prevention',
  'Backups',
  'Redundant processing',
  'Logging',
  'Monitoring activity',
  'Clock synchronisation',
  'Privileged utilities',
  'Software installation control',
  'Network security',
  'Network service security',
  'Network segregation',
  'Web filtering',
  'Cryptography',
  'Secure development lifecycle',
  'Application security requirements',
  'Secure architecture principles',
  'Secure coding',
  'Security testing before release',
  'Outsourced development',
  'Separate dev, test and production',
  'Change management',
  'Test data',
  'Audit testing safeguards',
];

const build = (clause: number, theme: Theme, titles: string[]): AnnexAControl[] =>
  titles.map((title, i) => ({ id: `A.${clause}.${i + 1}`, theme, title }));

export const ANNEX_A: readonly AnnexAControl[] = [
  ...build(5, 'organizational', ORGANIZATIONAL),
  ...build(6, 'people', PEOPLE),
  ...build(7, 'physical', PHYSICAL),
  ...build(8, 'technological', TECHNOLOGICAL),
];

export const CONTROL_BY_ID: ReadonlyMap<string, AnnexAControl> = new Map(ANNEX_A.map((c) => [c.id, c]));
export const CONTROL_IDS = ANNEX_A.map((c) => c.id) as [string, ...string[]];
