// After the run: every write a tenant saw acknowledged (2xx) must be in the store, and every acknowledged delete
// must have stayed deleted. SBOMs and vendors are read back through the API (the streamed full lists), component
// rows and triage through the database.
import type pg from 'pg';
import type { Client } from './client.ts';
import { data } from './client.ts';
import type { Tenant } from './tenant.ts';

export interface Verification {
  checked: { sboms: number; deletes: number; vendors: number; triage: number; components: number };
  lost: string[];
  duplicated: string[];
  unacknowledged: number;
}

export async function verify(
  tenants: Tenant[],
  orgs: Array<{ org: string; token: string }>,
  store: pg.Client,
  client: Client,
): Promise<Verification> {
  const result: Verification = {
    checked: { sboms: 0, deletes: 0, vendors: 0, triage: 0, components: 0 },
    lost: [],
    duplicated: [],
    unacknowledged: 0,
  };
  const componentRows = new Map(
    (
      await store.query<{ sbom_id: string; n: number }>(
        'select sbom_id, count(*)::int as n from sbom_components group by sbom_id',
      )
    ).rows.map((r) => [r.sbom_id, r.n]),
  );
  for (const [index, tenant] of tenants.entries()) {
    const { token } = orgs[index]!;
    const { ledger } = tenant;
    result.unacknowledged += ledger.unacknowledged;
    const get = async <T>(path: string): Promise<T> => {
      const reply = await client.send('verify', 'GET', path, { token });
      if (reply.status !== 200)
        throw new Error(`verify ${path}: ${reply.status} ${reply.body.slice(0, 200)}`);
      return data<T>(reply);
    };

    const sboms = new Map(
      (await get<Array<{ id: string; componentCount: number }>>('/api/v1/sscs/sboms')).map((s) => [s.id, s]),
    );
    for (const [id, written] of ledger.sboms) {
      if (ledger.deletedSboms.has(id)) {
        result.checked.deletes++;
        if (sboms.has(id)) result.lost.push(`${tenant.name}: deleted SBOM ${id} is back`);
        continue;
      }
      result.checked.sboms++;
      const stored = sboms.get(id);
      if (!stored) result.lost.push(`${tenant.name}: SBOM ${id} (${written.name}) missing`);
      else if (stored.componentCount !== written.componentCount)
        result.lost.push(
          `${tenant.name}: SBOM ${id} has ${stored.componentCount} components, was ${written.componentCount}`,
        );
      else {
        result.checked.components += written.componentCount;
        const rows = componentRows.get(id) ?? 0;
        if (rows !== written.componentCount)
          result.lost.push(
            `${tenant.name}: SBOM ${id} has ${rows} component rows, was ${written.componentCount}`,
          );
      }
    }

    const vendors = await get<Array<{ id: string; name: string }>>('/api/v1/sscs/vendors');
    const byId = new Map(vendors.map((v) => [v.id, v.name]));
    for (const [id, name] of ledger.vendors) {
      result.checked.vendors++;
      if (byId.get(id) !== name) result.lost.push(`${tenant.name}: vendor ${id} (${name}) missing`);
    }
    const names = new Map<string, number>();
    for (const v of vendors) names.set(v.name, (names.get(v.name) ?? 0) + 1);
    for (const [name, count] of names)
      if (count > 1) result.duplicated.push(`${tenant.name}: vendor "${name}" stored ${count} times`);

    const triaged = [...ledger.triage].filter(
      ([, t]) => t.status !== '' && !ledger.deletedSboms.has(t.sbomId),
    );
    const rows = new Map(
      (
        await store.query<{ id: string; status: string; remediation_notes: string | null }>(
          'select id, status, remediation_notes from findings where id = any($1)',
          [triaged.map(([id]) => id)],
        )
      ).rows.map((r) => [r.id, r]),
    );
    for (const [id, t] of triaged) {
      result.checked.triage++;
      const row = rows.get(id);
      const accepted = [{ status: t.status, notes: t.notes }, ...t.pending];
      if (!row) result.lost.push(`${tenant.name}: triaged finding ${id} missing`);
      else if (!accepted.some((a) => a.status === row.status && a.notes === row.remediation_notes))
        result.lost.push(
          `${tenant.name}: finding ${id} is ${row.status} "${row.remediation_notes}", acknowledged ${t.status} "${t.notes}"`,
        );
    }
  }
  return result;
}
