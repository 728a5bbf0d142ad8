/** SCIM 2.0 wire formats (RFC 7643/7644): resources, list responses, errors and the discovery documents. */
import { AppError, type ErrorCode } from '../../errors.ts';

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const MAX_PAGE = 200;

/** An error with SCIM's `scimType` (RFC 7644 section 3.12), rendered in SCIM's own error format. */
export class ScimError extends AppError {
  readonly scimType: string | undefined;
  constructor(code: ErrorCode, status: number, detail: string, scimType?: string) {
    super(code, status, detail);
    this.scimType = scimType;
  }
}

export const scimInvalid = (detail: string, scimType = 'invalidValue') =>
  new ScimError('VALIDATION_FAILED', 400, detail, scimType);
export const scimNotFound = (what: string, id: string) =>
  new ScimError('NOT_FOUND', 404, `${what} ${id} not found`);

export function scimErrorBody(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

export interface ScimUserView {
  id: string;
  email: string;
  name: string | null;
  active: boolean;
  externalId: string | null;
  createdAt: string;
  groups: { id: string; name: string }[];
}

export const userResource = (u: ScimUserView, base: string) => ({
  schemas: [USER_SCHEMA],
  id: u.id,
  ...(u.externalId !== null ? { externalId: u.externalId } : {}),
  userName: u.email,
  ...(u.name !== null ? { displayName: u.name, name: { formatted: u.name } } : {}),
  emails: [{ value: u.email, type: 'work', primary: true }],
  active: u.active,
  groups: u.groups.map((g) => ({ value: g.id, display: g.name, $ref: `${base}/Groups/${g.id}` })),
  meta: { resourceType: 'User', created: u.createdAt, location: `${base}/Users/${u.id}` },
});

export interface ScimGroupView {
  id: string;
  name: string;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
  members: { id: string; email: string }[];
}

export const groupResource = (g: ScimGroupView, base: string) => ({
  schemas: [GROUP_SCHEMA],
  id: g.id,
  ...(g.externalId !== null ? { externalId: g.externalId } : {}),
  displayName: g.name,
  members: g.members.map((m) => ({ value: m.id, display: m.email, $ref: `${base}/Users/${m.id}` })),
  meta: {
    resourceType: 'Group',
    created: g.createdAt,
    lastModified: g.updatedAt,
    location: `${base}/Groups/${g.id}`,
  },
});

export const serviceProviderConfig = (base: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: 'https://github.com/bulwark/bulwark/blob/main/docs/identity.md',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_PAGE },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'An API token with the scope scim (bulwark token create --scopes scim)',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

export const resourceTypes = (base: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: USER_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    schema: GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

const attr = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export const schemas = (base: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: USER_SCHEMA,
    name: 'User',
    description: 'A workspace user; userName is the e-mail address',
    attributes: [
      attr('userName', 'string', { required: true, uniqueness: 'server' }),
      attr('displayName', 'string'),
      attr('name', 'complex', {
        subAttributes: [
          attr('formatted', 'string'),
          attr('givenName', 'string'),
          attr('familyName', 'string'),
        ],
      }),
      attr('emails', 'complex', {
        multiValued: true,
        subAttributes: [attr('value', 'string'), attr('type', 'string'), attr('primary', 'boolean')],
      }),
      attr('active', 'boolean'),
      attr('externalId', 'string', { caseExact: true }),
      attr('groups', 'complex', {
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [attr('value', 'string'), attr('display', 'string')],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A group; its displayName in the SSO role mapping gives its members their role',
    attributes: [
      attr('displayName', 'string', { required: true }),
      attr('externalId', 'string', { caseExact: true }),
      attr('members', 'complex', {
        multiValued: true,
        subAttributes: [attr('value', 'string'), attr('display', 'string')],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${GROUP_SCHEMA}` },
  },
];

/** `attr eq "value"` (the filters provisioning clients send); anything else is refused as invalidFilter. */
export function parseEqFilter(
  filter: string | undefined,
  allowed: string[],
): { attr: string; value: string } | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = /^\s*([A-Za-z.]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attrName = match && allowed.find((a) => a.toLowerCase() === match[1]!.toLowerCase());
  if (!match || !attrName)
    throw scimInvalid(
      `Only ${allowed.map((a) => `${a} eq "…"`).join(' or ')} filters are supported`,
      'invalidFilter',
    );
  return { attr: attrName, value: match[2]!.replace(/\\(.)/g, '$1') };
}

/** startIndex is 1-based (RFC 7644 section 3.4.2.4); count defaults to 100 and is capped. */
export function paging(startIndex: string | undefined, count: string | undefined) {
  const start = Math.max(1, Number.parseInt(startIndex ?? '1', 10) || 1);
  const parsed = count === undefined ? 100 : Number.parseInt(count, 10);
  const size = Number.isNaN(parsed) ? 100 : Math.min(MAX_PAGE, Math.max(0, parsed));
  return { startIndex: start, offset: start - 1, count: size };
}
