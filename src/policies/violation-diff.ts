// Compares a re-evaluation's violations with those stored for the SBOM, a page of components at a time (the
// re-evaluation gives the event loop a turn between pages: docs/resilience.md, "Time and memory"). A violation
// is one per policy, component and finding (docs/policies.md, "Violations").
import type { ViolationDraft } from './policy-engine.ts';
import type { StoredViolation } from './violation.repository.ts';

/**
 * Stored violations by component id: most components have none or one, so the value is the violation itself and
 * an array only for a component with several. No key string is built per violation: joining policy, component and
 * finding ids into one key cost twice the CPU over 50,000 violations, and all of it ran in one stretch of 90–212 ms
 * held loop (BENCHMARKS.md, "Policies").
 */
export class ViolationDiff {
  readonly #stored = new Map<string, StoredViolation | StoredViolation[]>();
  /** Stored violations still held, by (state, kind, reason) → their ids, for one UPDATE per group. */
  readonly changed = new Map<string, { state: string; kind: string; reason: string; ids: string[] }>();
  /** Drafts with no stored violation: new ones. */
  readonly fresh: ViolationDraft[] = [];

  /** Adds a page of the SBOM's stored violations (before any draft is compared). */
  addStored(page: readonly StoredViolation[]): void {
    for (const v of page) {
      const there = this.#stored.get(v.component_id);
      if (there === undefined) this.#stored.set(v.component_id, v);
      else if (Array.isArray(there)) there.push(v);
      else this.#stored.set(v.component_id, [there, v]);
    }
  }

  /** Compares a page of drafts: a stored one that still holds is kept (its facts updated if they changed). */
  compare(drafts: readonly ViolationDraft[]): void {
    for (const d of drafts) {
      const old = this.#take(d);
      if (old === undefined) {
        this.fresh.push(d);
        continue;
      }
      if (old.reason === d.reason && old.state === d.state && old.kind === d.kind) continue;
      const key = `${d.state}\u0000${d.kind}\u0000${d.reason}`;
      const group = this.changed.get(key);
      if (group) group.ids.push(old.id);
      else this.changed.set(key, { state: d.state, kind: d.kind, reason: d.reason, ids: [old.id] });
    }
  }

  /** Ids of the stored violations no draft matched (they no longer hold): call after the last page. */
  gone(): string[] {
    const ids: string[] = [];
    for (const there of this.#stored.values())
      if (Array.isArray(there)) for (const v of there) ids.push(v.id);
      else ids.push(there.id);
    return ids;
  }

  /** The stored violation matching the draft, removed from those still unmatched; undefined when none. */
  #take(d: ViolationDraft): StoredViolation | undefined {
    const there = this.#stored.get(d.componentId);
    if (there === undefined) return undefined;
    if (!Array.isArray(there)) {
      if (there.policy_id !== d.policyId || there.finding_id !== d.findingId) return undefined;
      this.#stored.delete(d.componentId);
      return there;
    }
    const i = there.findIndex((v) => v.policy_id === d.policyId && v.finding_id === d.findingId);
    if (i < 0) return undefined;
    const [old] = there.splice(i, 1);
    if (there.length === 0) this.#stored.delete(d.componentId);
    return old;
  }
}
