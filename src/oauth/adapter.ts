/**
 * oidc-provider's persistence adapter over our store (oauth_records). Tokens, codes and sessions are kept as the
 * SHA-256 of their value only, like API tokens: a copy of the database cannot be replayed against the API.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import * as repo from './oauth.repository.ts';

/** Models whose id the library hands out in the clear (a client id, a grant id shown in the console). */
const PLAIN_IDS = new Set(['Client', 'Grant']);

export type AdapterPayload = Record<string, unknown> & {
  jti?: string;
  grantId?: string;
  accountId?: string;
  uid?: string;
  consumed?: number;
};

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The adapter interface of oidc-provider 9 (docs: "adapter"), one instance per model. */
export class StoreAdapter {
  readonly #db: Kysely<Database>;
  readonly #model: string;
  readonly #now: () => number;
  readonly #changed: () => void;

  /** `changed` is told when something is revoked or consumed (the owner drops what it cached). */
  constructor(
    db: Kysely<Database>,
    model: string,
    changed: () => void = () => {},
    now: () => number = Date.now,
  ) {
    this.#db = db;
    this.#model = model;
    this.#changed = changed;
    this.#now = now;
  }

  #key(id: string): string {
    return PLAIN_IDS.has(this.#model) ? id : sha256(id);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // The jti of a token is its value: it is put back from the presented value on find, never stored.
    const { jti: _jti, ...stored } = payload;
    const now = this.#now();
    await repo.upsertRecord(this.#db, {
      model: this.#model,
      id: this.#key(id),
      payload: JSON.stringify(PLAIN_IDS.has(this.#model) ? payload : stored),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresIn ? new Date(now + expiresIn * 1000).toISOString() : null,
      consumed_at: null,
      created_at: new Date(now).toISOString(),
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const row = await repo.findRecord(this.#db, this.#model, this.#key(id));
    return row && this.#payload(row, id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await repo.findRecordByUid(this.#db, this.#model, uid);
    // A session found by uid has no presented value to restore its jti from: the library needs only its uid.
    return row && this.#payload(row, undefined);
  }

  async findByUserCode(): Promise<undefined> {
    return undefined; // the device flow is off
  }

  async consume(id: string): Promise<void> {
    await repo.consumeRecord(this.#db, this.#model, this.#key(id), new Date(this.#now()).toISOString());
    this.#changed();
  }

  async destroy(id: string): Promise<void> {
    await repo.deleteRecord(this.#db, this.#model, this.#key(id));
    this.#changed();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await repo.deleteModelByGrant(this.#db, this.#model, grantId);
    this.#changed();
  }

  #payload(
    row: { payload: string; expires_at: string | null; consumed_at: string | null },
    id: string | undefined,
  ) {
    if (row.expires_at !== null && Date.parse(row.expires_at) <= this.#now()) return undefined;
    const payload = fromJson<AdapterPayload>(row.payload, {});
    if (id !== undefined && !PLAIN_IDS.has(this.#model)) payload.jti = id;
    if (row.consumed_at !== null) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
    return payload;
  }
}
