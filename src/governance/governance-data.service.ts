/**
 * The governance write side as one service: CSV and bundle imports and the demo organisation. Each writes base
 * tables and refreshes the derived tables in the same transaction (derived/refresh.ts); the store stays inside
 * the domain, so the command line passes an organisation id, never a database handle.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { runDemo, type DemoOptions, type DemoServices } from './demo/demo.service.ts';
import type { CsvKind } from './import/csv.ts';
import { importBundle, importCsv } from './import/import.service.ts';

export class GovernanceDataService {
  readonly #db: Kysely<Database>;
  readonly #demoServices: () => DemoServices;

  /** `demoServices`: the other domains the demo fills (read when the demo runs, so they may be built later). */
  constructor(db: Kysely<Database>, demoServices: () => DemoServices) {
    this.#db = db;
    this.#demoServices = demoServices;
  }

  /** A governance bundle (schemas/governance-bundle.schema.json), validated, written all or nothing. */
  importBundle = (orgId: string, actorId: string, bundle: unknown) =>
    importBundle(this.#db, orgId, actorId, bundle);

  /** A CSV export of identities or accounts, imported like a bundle. */
  importCsv = (orgId: string, actorId: string, kind: CsvKind, text: string) =>
    importCsv(this.#db, orgId, actorId, kind, text);

  /** `bulwark demo`: the deterministic demo organisation `slug`, created when missing. */
  runDemo = (slug: string, options: DemoOptions) => runDemo(this.#db, this.#demoServices(), slug, options);
}
