// Kysely plugins tests use to see which statements code runs: their SQL, or the rows each DELETE removed.
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
} from 'kysely';
import type { Database } from '../../src/db/database.ts';

/** A handle on `db` recording the SQL of every statement run through it. */
export function recorded(db: Kysely<Database>): { db: Kysely<Database>; statements: string[] } {
  const statements: string[] = [];
  const recording = db.withPlugin({
    transformQuery: (args) => {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: recording, statements };
}

/** Records the rows each DELETE statement removed, by table. */
export class DeleteRecorder implements KyselyPlugin {
  readonly deleted: Array<[string, number]> = [];
  readonly #tables = new WeakMap<QueryId, string>();
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (node.kind === 'DeleteQueryNode') {
      const from = node.from.froms[0] as { table?: { identifier?: { name?: string } } };
      this.#tables.set(queryId, from.table?.identifier?.name ?? '?');
    }
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    const table = this.#tables.get(queryId);
    if (table) this.deleted.push([table, Number(result.numAffectedRows ?? 0)]);
    return result;
  }
}
