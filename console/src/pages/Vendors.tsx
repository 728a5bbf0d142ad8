// Vendors: risk summary, the list, and one form for create and edit (PUT replaces the whole vendor).
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/http.ts';
import { useVendorRisk, useVendors } from '../api/queries.ts';
import { ASSESSMENT_STATUSES, label, VENDOR_TYPES } from '../api/choices.ts';
import type { Vendor } from '../api/rest.ts';
import { Empty, ErrorMessage, formatDate, Loading } from '../components/bits.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Page } from '../components/Shell.tsx';
import { canWrite, useSession } from '../session.tsx';

type Draft = Pick<Vendor, 'name' | 'type' | 'assessmentStatus'> & {
  /** The request body's tiers; a vendor's answer says integer (it was written through this body). */
  riskTier: 1 | 2 | 3;
  website: string;
  notes: string;
};

const EMPTY: Draft = {
  name: '',
  type: 'commercial',
  riskTier: 2,
  assessmentStatus: 'not_started',
  website: '',
  notes: '',
};

function VendorForm({ vendor, onDone }: { vendor: Vendor | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    vendor
      ? {
          ...vendor,
          riskTier: vendor.riskTier as Draft['riskTier'],
          website: vendor.website ?? '',
          notes: vendor.notes ?? '',
        }
      : EMPTY,
  );
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: draft.name,
        type: draft.type,
        riskTier: draft.riskTier,
        assessmentStatus: draft.assessmentStatus,
        website: draft.website.trim() || null,
        notes: draft.notes.trim() || null,
      };
      return vendor
        ? unwrap(api.PUT('/sscs/vendors/{vendorId}', { params: { path: { vendorId: vendor.id } }, body }))
        : unwrap(api.POST('/sscs/vendors', { body }));
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['vendors'] });
      onDone();
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="stack" onSubmit={submit}>
      <label htmlFor="v-name">Name</label>
      <input id="v-name" required value={draft.name} onChange={(e) => set('name', e.target.value)} />
      <label htmlFor="v-type">Type</label>
      <select id="v-type" value={draft.type} onChange={(e) => set('type', e.target.value as Draft['type'])}>
        {VENDOR_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <label htmlFor="v-tier">Risk tier (1 is the most critical)</label>
      <select
        id="v-tier"
        value={draft.riskTier}
        onChange={(e) => set('riskTier', Number(e.target.value) as 1 | 2 | 3)}
      >
        <option value={1}>1</option>
        <option value={2}>2</option>
        <option value={3}>3</option>
      </select>
      <label htmlFor="v-status">Assessment</label>
      <select
        id="v-status"
        value={draft.assessmentStatus}
        onChange={(e) => set('assessmentStatus', e.target.value as Draft['assessmentStatus'])}
      >
        {ASSESSMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </select>
      <label htmlFor="v-website">Website</label>
      <input
        id="v-website"
        type="url"
        value={draft.website}
        onChange={(e) => set('website', e.target.value)}
      />
      <label htmlFor="v-notes">Notes</label>
      <textarea id="v-notes" rows={3} value={draft.notes} onChange={(e) => set('notes', e.target.value)} />
      <ErrorMessage error={save.error} />
      <button type="submit" disabled={save.isPending}>
        {vendor ? 'Save vendor' : 'Create vendor'}
      </button>
    </form>
  );
}

export default function Vendors() {
  const { session } = useSession();
  const vendors = useVendors();
  const risk = useVendorRisk();
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const writer = canWrite(session);

  return (
    <Page
      title="Vendors"
      actions={
        writer && (
          <button type="button" onClick={() => setEditing('new')}>
            New vendor
          </button>
        )
      }
    >
      <section className="card" aria-labelledby="risk-h">
        <h2 id="risk-h">Risk summary</h2>
        <ErrorMessage error={risk.error} />
        {risk.data && (
          <dl className="facts">
            <dt>Vendors</dt>
            <dd>{risk.data.total}</dd>
            <dt>Score</dt>
            <dd>{risk.data.score}</dd>
            <dt>By tier (1 / 2 / 3)</dt>
            <dd>
              {risk.data.byTier['1']} / {risk.data.byTier['2']} / {risk.data.byTier['3']}
            </dd>
            <dt>Tier 1 not assessed</dt>
            <dd>{risk.data.unassessedCritical}</dd>
            <dt>Not started / in progress / completed</dt>
            <dd>
              {risk.data.byAssessmentStatus.not_started} / {risk.data.byAssessmentStatus.in_progress} /{' '}
              {risk.data.byAssessmentStatus.completed}
            </dd>
          </dl>
        )}
      </section>
      <section className="card" aria-labelledby="vl-h">
        <h2 id="vl-h">All vendors</h2>
        {vendors.isPending && <Loading what="vendors" />}
        <ErrorMessage error={vendors.error} />
        {vendors.data && vendors.data.length === 0 && <Empty>No vendors yet.</Empty>}
        {vendors.data && vendors.data.length > 0 && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="wide-only">
                    Type
                  </th>
                  <th scope="col">Tier</th>
                  <th scope="col">Assessment</th>
                  <th scope="col" className="wide-only">
                    Updated
                  </th>
                  {writer && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {vendors.data.map((v) => (
                  <tr key={v.id}>
                    <td>
                      {v.website ? (
                        <a href={v.website} rel="noreferrer noopener">
                          {v.name}
                        </a>
                      ) : (
                        v.name
                      )}
                    </td>
                    <td className="wide-only">{v.type}</td>
                    <td>{v.riskTier}</td>
                    <td>{label(v.assessmentStatus)}</td>
                    <td className="wide-only">{formatDate(v.updatedAt)}</td>
                    {writer && (
                      <td>
                        <button type="button" className="secondary" onClick={() => setEditing(v)}>
                          Edit<span className="visually-hidden"> {v.name}</span>
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {editing && (
        <Dialog
          title={editing === 'new' ? 'New vendor' : `Edit ${editing.name}`}
          open
          onClose={() => setEditing(null)}
        >
          <VendorForm vendor={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </Dialog>
      )}
    </Page>
  );
}
