import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchAudit } from '../audit/audit.repository.ts';
import { AppError } from '../errors.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: risk register`, () => {
    it('creates drafts (audited), keeps them out of the register and scores finalized risks', async (t) => {
      const { services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const draft = await services.risks.createDraft(org.id, org.userId, {
        title: '  Laptop theft  ',
        likelihood: 2,
      });
      assert.equal(draft.title, 'Laptop theft');
      assert.equal(draft.status, 'draft');
      assert.equal(draft.likelihood, 2);
      assert.equal(draft.score, null);
      assert.match(draft.id, /^risk_/);
      const high = await services.risks.createRisk(org.id, org.userId, {
        title: 'Ransomware',
        likelihood: 4,
        impact: 5,
        treatment: 'mitigate',
      });
      const low = await services.risks.createRisk(org.id, org.userId, {
        title: 'Office flood',
        likelihood: 1,
        impact: 3,
        status: 'accepted',
        treatment: 'accept',
      });
      assert.equal(high.score, 20);
      assert.equal(high.status, 'approved');
      const register = await services.risks.listRegister(org.id);
      assert.deepEqual(
        register.map((r) => [r.title, r.score, r.status]),
        [
          ['Ransomware', 20, 'approved'],
          ['Office flood', 3, 'accepted'],
        ],
      );
      assert.deepEqual(await services.risks.get(org.id, draft.id), draft);
      assert.equal((await services.risks.get(org.id, low.id)).treatment, 'accept');

      const audit = await searchAudit(store.db, org.id, { actorId: org.userId, limit: 10, offset: 0 });
      assert.deepEqual(
        audit.rows.map((r) => [r.action, r.entity_id]),
        [
          ['risk.create', low.id],
          ['risk.create', high.id],
          ['risk.create_draft', draft.id],
        ],
      );
    });

    it('rejects bad input with VALIDATION_FAILED and another organisation reads NOT_FOUND', async (t) => {
      const { services } = await build(t, dialect);
      const a = await createOrg(services);
      const b = await createOrg(services);
      const bad = async (fn: () => Promise<unknown>, path: string) =>
        assert.rejects(
          fn,
          (e: unknown) =>
            e instanceof AppError && e.code === 'VALIDATION_FAILED' && e.details?.[0]?.path === path,
        );
      await bad(() => services.risks.createDraft(a.id, a.userId, { title: '' }), 'title');
      await bad(() => services.risks.createDraft(a.id, a.userId, { title: 'x', impact: 6 }), 'impact');
      await bad(() => services.risks.createDraft(a.id, a.userId, { title: 'x', owner: 'y' }), 'input');
      await bad(() => services.risks.createRisk(a.id, a.userId, { title: 'Unrated' }), 'likelihood');
      const risk = await services.risks.createRisk(a.id, a.userId, {
        title: 'Ransomware',
        likelihood: 4,
        impact: 5,
      });
      await assert.rejects(
        services.risks.get(b.id, risk.id),
        (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND' && e.status === 404,
      );
      assert.deepEqual(await services.risks.listRegister(b.id), []);
    });
  });
}
