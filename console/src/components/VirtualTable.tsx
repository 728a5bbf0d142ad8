// A table that renders only the rows in view (fixed row height), so 100,000 rows scroll smoothly.
// It keeps table semantics (role=table/row/cell with aria-rowcount and aria-rowindex) for screen readers.
// A list loaded a page at a time passes `rowCount` (all its rows) and `onNearEnd` (load the next page).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  width: string;
  render: (row: T) => ReactNode;
  /** A sortable column: its order now (`aria-sort`) and what a click on its header does. */
  sort?: { direction: 'ascending' | 'descending' | 'none'; onSort: () => void };
}

const ROW_HEIGHT = 36;
const OVERSCAN = 10;
/** `onNearEnd` fires when the rendered window comes this close to the last loaded row: about three screens. */
const NEAR_END_ROWS = 50;

export function VirtualTable<T>({
  rows,
  columns,
  rowKey,
  label,
  height = 480,
  rowCount = rows.length,
  onNearEnd,
}: {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  label: string;
  height?: number;
  /** Rows of the whole list when only the first `rows.length` are loaded. */
  rowCount?: number;
  /** Called as scrolling nears the last loaded row (and again after each change while it stays near). */
  onNearEnd?: () => void;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const onScroll = useCallback(() => {
    const top = viewport.current?.scrollTop ?? 0;
    // One state update per frame at most: scroll events can fire faster than React renders.
    requestAnimationFrame(() => setScrollTop(top));
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const template = columns.map((c) => c.width).join(' ');
  const visible = rows.slice(first, last);
  // Rows are keyed by their index modulo the window's size: a row keeps its element (and focus) while it stays
  // in view, and an element leaving the window is reused for the one entering, instead of being rebuilt.
  const pool = Math.ceil(height / ROW_HEIGHT) + 2 * OVERSCAN + 1;
  const nearEnd = rows.length - last < NEAR_END_ROWS;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, rows.length, onNearEnd]);
  const more = rowCount > rows.length;

  return (
    <div role="table" aria-label={label} aria-rowcount={rowCount + 1} className="vtable">
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="vrow vhead" style={{ gridTemplateColumns: template }}>
          {columns.map((c) =>
            c.sort ? (
              <div role="columnheader" key={c.key} aria-sort={c.sort.direction}>
                <button type="button" className="sort" onClick={c.sort.onSort}>
                  {c.header}
                  <span aria-hidden="true">
                    {c.sort.direction === 'ascending' ? ' ▲' : c.sort.direction === 'descending' ? ' ▼' : ''}
                  </span>
                </button>
              </div>
            ) : (
              <div role="columnheader" key={c.key}>
                {c.header}
              </div>
            ),
          )}
        </div>
      </div>
      <div
        ref={viewport}
        role="rowgroup"
        className="vbody"
        tabIndex={0}
        aria-label={
          more
            ? `${label}, ${rows.length.toLocaleString()} of ${rowCount.toLocaleString()} rows loaded; scroll to load more`
            : `${label}, ${rows.length.toLocaleString()} rows; scroll to see more`
        }
        onScroll={onScroll}
        style={{ height: Math.min(height, rows.length * ROW_HEIGHT + 2) }}
      >
        <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
          {visible.map((row, i) => (
            <div
              role="row"
              aria-rowindex={first + i + 2}
              key={(first + i) % pool}
              data-key={rowKey(row)}
              className="vrow"
              style={{
                gridTemplateColumns: template,
                transform: `translateY(${(first + i) * ROW_HEIGHT}px)`,
              }}
            >
              {columns.map((c) => (
                <div role="cell" key={c.key}>
                  {c.render(row)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
