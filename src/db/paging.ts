/**
 * Keyset paging for long lists: rows are read a page at a time, each page after the last key of the one
 * before, so no query and no array holds the whole list (docs/resilience.md).
 */

/**
 * Rows per page. One page of findings (the widest list rows) is read, shaped and serialised in ~10 ms on
 * SQLite, well under the ~100 ms a request may hold the event loop, and holds ~1 MB of JSON.
 */
export const LIST_PAGE_ROWS = 1000;

/** Pages of rows in key order until a page comes back short; `fetch` reads `limit` rows after `after`. */
export async function* keysetPages<Row, Key>(
  fetch: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize = LIST_PAGE_ROWS,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await fetch(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** Maps each page (a whole page at a time, so per-page lookups such as counts stay one query). */
export async function* mapPages<Row, Item>(
  pages: AsyncIterable<Row[]>,
  map: (rows: Row[]) => Item[] | Promise<Item[]>,
): AsyncGenerator<Item[]> {
  for await (const rows of pages) yield await map(rows);
}
