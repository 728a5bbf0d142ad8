/** Open findings per UTC day over a window, replayed backwards from today's state through the finding history. */
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { findingStates, historySince } from './finding.repository.ts';

const DAY = 86_400_000;

export interface TrendPoint {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** Findings open and not retracted at the end of that day. */
  open: number;
}

interface State {
  exists: boolean;
  status: string;
  retracted: boolean;
}

/** One change to undo, newest first: a history entry, or the creation itself (history does not store it). */
interface Change {
  findingId: string;
  at: number;
  event: string;
  fromStatus: string | null;
}

const isOpen = (s: State): boolean => s.exists && s.status === 'open' && !s.retracted;

/**
 * Open findings at the end of each of the last `days` UTC days (today last), per docs/console.md: a finding
 * counts on day D when it was created on or before D and, at the end of D, its status was `open` and it was
 * not retracted. Today's state is exact (the findings rows); going back a day undoes that day's changes, so
 * the cost is the findings plus the window's history, never the whole history.
 */
export async function openTrend(
  db: Kysely<Database>,
  orgId: string,
  days: number,
  now: Date,
  /** The reach (portfolio): findings outside it are not counted, and their history is skipped. */
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<TrendPoint[]> {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY;
  const start = end - days * DAY;
  const [rows, history] = await Promise.all([
    findingStates(db, orgId, conditions),
    historySince(db, orgId, new Date(start).toISOString()),
  ]);
  const states = new Map<string, State>();
  const changes: Change[] = [];
  for (const row of rows) {
    states.set(row.id, { exists: true, status: row.status, retracted: row.retracted_at !== null });
    const created = Date.parse(row.created_at);
    if (created >= start)
      changes.push({ findingId: row.id, at: created, event: 'created', fromStatus: null });
  }
  for (const h of history)
    changes.push({
      findingId: h.finding_id,
      at: Date.parse(h.at),
      event: h.event,
      fromStatus: h.from_status,
    });
  // Newest first; at the same instant the creation is undone last (it came first).
  changes.sort((a, b) => b.at - a.at || Number(a.event === 'created') - Number(b.event === 'created'));

  let open = 0;
  for (const s of states.values()) if (isOpen(s)) open++;
  const points: TrendPoint[] = new Array<TrendPoint>(days);
  let next = 0;
  for (let i = days - 1; i >= 0; i--) {
    const dayEnd = start + (i + 1) * DAY;
    // Changes at or after the end of day i happened later: undo them to see the state at the end of day i.
    for (; next < changes.length && changes[next]!.at >= dayEnd; next++) {
      const change = changes[next]!;
      const state = states.get(change.findingId);
      if (!state) continue;
      const before = isOpen(state);
      undo(state, change);
      open += Number(isOpen(state)) - Number(before);
    }
    points[i] = { date: new Date(dayEnd - DAY).toISOString().slice(0, 10), open };
  }
  return points;
}

function undo(state: State, change: Change): void {
  if (change.event === 'created') state.exists = false;
  else if (change.event === 'retracted') state.retracted = false;
  else if (change.event === 'reinstated') state.retracted = true;
  else if (change.fromStatus !== null) state.status = change.fromStatus;
}
