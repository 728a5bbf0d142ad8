/**
 * SCIM Groups: names and members. A group whose displayName is in the SSO role mapping gives its members
 * that role; every membership change sets the affected users' roles again in the same transaction.
 */
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { newId } from '../../shared/ids.ts';
import type { ScimGroupRow } from '../identity.table.ts';
import { paging, parseEqFilter, scimInvalid, scimNotFound, type ScimGroupView } from './scim-format.ts';
import type { PatchOperation } from './scim-input.ts';
import * as repo from './scim.repository.ts';
import { applyGroupRole } from './scim-users.service.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function memberIds(value: unknown, path = 'members'): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((m, i) => {
    if (!isObject(m) || typeof m.value !== 'string' || m.value.length > 100)
      throw scimInvalid(`${path}[${i}].value must be a user id`);
    return m.value;
  });
}

function displayNameOf(value: unknown): string {
  if (
    typeof value !== 'string' ||
    value.trim() === '' ||
    value.length > 500 ||
    /[\u0000-\u001f\u007f-\u009f]/.test(value)
  )
    throw scimInvalid('displayName must be a non-empty string of at most 500 characters');
  return value.trim();
}

/** `members[value eq "usr_…"]`: Entra ID's way of removing one member. */
const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

export class ScimGroupService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async #views(rows: ScimGroupRow[]): Promise<ScimGroupView[]> {
    const members = await repo.membersOf(
      this.#db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.display_name,
      externalId: r.external_id,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      members: members.filter((m) => m.group_id === r.id).map((m) => ({ id: m.id, email: m.email })),
    }));
  }

  async get(orgId: string, id: string): Promise<ScimGroupView> {
    const row = await repo.findGroup(this.#db, orgId, id);
    if (!row) throw scimNotFound('Group', id);
    return (await this.#views([row]))[0]!;
  }

  async list(orgId: string, query: { filter?: string; startIndex?: string; count?: string }) {
    const eq = parseEqFilter(query.filter, ['displayName', 'externalId']);
    const page = paging(query.startIndex, query.count);
    const filter =
      eq === undefined ? {} : eq.attr === 'externalId' ? { externalId: eq.value } : { displayName: eq.value };
    const { rows, total } = await repo.listGroups(this.#db, orgId, filter, page.offset, page.count);
    return { groups: await this.#views(rows), total, startIndex: page.startIndex };
  }

  /** Members must be users of the organisation: another organisation's id is refused like an unknown one. */
  async #checkedMembers(trx: Kysely<Database>, orgId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const known = await repo.usersInOrg(trx, orgId, unique);
    const missing = unique.filter((id) => !known.has(id));
    if (missing.length > 0) throw scimInvalid(`No such user: ${missing.slice(0, 5).join(', ')}`);
    return unique;
  }

  async create(orgId: string, actorId: string, body: unknown): Promise<ScimGroupView> {
    if (!isObject(body)) throw scimInvalid('The body must be a JSON object', 'invalidSyntax');
    const now = new Date().toISOString();
    const row: ScimGroupRow = {
      id: newId('scg'),
      org_id: orgId,
      display_name: displayNameOf(body.displayName),
      external_id: typeof body.externalId === 'string' ? body.externalId.slice(0, 500) : null,
      created_at: now,
      updated_at: now,
    };
    await this.#db.transaction().execute(async (trx) => {
      const members = await this.#checkedMembers(
        trx,
        orgId,
        body.members === undefined ? [] : memberIds(body.members),
      );
      await repo.insertGroup(trx, row);
      await repo.addMembers(trx, row.id, members);
      for (const userId of members) await applyGroupRole(trx, orgId, userId);
      await this.#audit(trx, orgId, actorId, 'scim_group.create', row.id, { displayName: row.display_name });
    });
    return this.get(orgId, row.id);
  }

  async replace(orgId: string, actorId: string, id: string, body: unknown): Promise<ScimGroupView> {
    if (!isObject(body)) throw scimInvalid('The body must be a JSON object', 'invalidSyntax');
    await this.#change(orgId, actorId, id, async (trx, before) => {
      const members = await this.#checkedMembers(
        trx,
        orgId,
        body.members === undefined ? [] : memberIds(body.members),
      );
      await repo.updateGroup(trx, id, {
        display_name: displayNameOf(body.displayName),
        updated_at: new Date().toISOString(),
      });
      await repo.removeMembers(trx, id, 'all');
      await repo.addMembers(trx, id, members);
      return [...before, ...members];
    });
    return this.get(orgId, id);
  }

  async patch(
    orgId: string,
    actorId: string,
    id: string,
    operations: PatchOperation[],
  ): Promise<ScimGroupView> {
    await this.#change(orgId, actorId, id, async (trx, before) => {
      const touched = [...before];
      for (const { op, path, value } of operations) {
        const removeOne = path && MEMBER_FILTER.exec(path);
        if (removeOne && op === 'remove') {
          await repo.removeMembers(trx, id, [removeOne[1]!]);
        } else if (path?.toLowerCase() === 'members') {
          const ids = value === undefined ? [] : memberIds(value);
          if (op === 'remove') await repo.removeMembers(trx, id, value === undefined ? 'all' : ids);
          else {
            if (op === 'replace') await repo.removeMembers(trx, id, 'all');
            await repo.addMembers(trx, id, await this.#checkedMembers(trx, orgId, ids));
          }
          touched.push(...ids);
        } else if (path?.toLowerCase() === 'displayname' || (path === undefined && isObject(value))) {
          // Okta renames with {op: replace, value: {id, displayName}}.
          const name = path === undefined ? (value as Json).displayName : value;
          if (name !== undefined)
            await repo.updateGroup(trx, id, {
              display_name: displayNameOf(name),
              updated_at: new Date().toISOString(),
            });
        } else if (path?.toLowerCase() !== 'externalid') {
          throw scimInvalid(`Unsupported path ${path ?? '(none)'} for a group`, 'invalidPath');
        }
      }
      await repo.updateGroup(trx, id, { updated_at: new Date().toISOString() });
      return touched;
    });
    return this.get(orgId, id);
  }

  async delete(orgId: string, actorId: string, id: string): Promise<void> {
    await this.#change(orgId, actorId, id, async (trx, before) => {
      await repo.deleteGroup(trx, id);
      return before;
    });
  }

  /**
   * Runs a change of group `id` in one transaction; `change` returns every user whose membership may have
   * changed, and their roles are set again from their groups.
   */
  async #change(
    orgId: string,
    actorId: string,
    id: string,
    change: (trx: Kysely<Database>, before: string[]) => Promise<string[]>,
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const group = await repo.findGroup(trx, orgId, id);
      if (!group) throw scimNotFound('Group', id);
      const before = (await repo.membersOf(trx, [id])).map((m) => m.id);
      const touched = await change(trx, before);
      for (const userId of new Set(touched)) await applyGroupRole(trx, orgId, userId);
      await this.#audit(trx, orgId, actorId, 'scim_group.update', id, { displayName: group.display_name });
    });
  }

  #audit(trx: Kysely<Database>, orgId: string, actorId: string, action: string, id: string, details: Json) {
    return recordAudit(trx, orgId, { actorId, action, entityType: 'scim_group', entityId: id, details });
  }
}
