// Hand-drawn SVG charts (no chart library): horizontal bars and a line over days. Each chart has a text
// alternative: the bars carry their numbers, the line a summary sentence and a data table for screen readers.
import { SEVERITIES } from '../api/choices.ts';
import type { Severity } from '../api/rest.ts';

export function SeverityBars({
  counts,
  onPick,
}: {
  counts: Record<Severity, number>;
  onPick?: (s: Severity) => void;
}) {
  const max = Math.max(1, ...SEVERITIES.map((s) => counts[s]));
  return (
    <ul className="bars">
      {SEVERITIES.map((severity) => {
        const n = counts[severity];
        const bar = (
          <>
            <span className="bar-label">{severity}</span>
            <span className="bar-track" aria-hidden="true">
              <span
                className={`bar-fill sev-${severity.toLowerCase()}`}
                style={{ width: `${(n / max) * 100}%` }}
              />
            </span>
            <span className="bar-value" data-testid={`count-${severity}`}>
              {n.toLocaleString()}
            </span>
          </>
        );
        return (
          <li key={severity}>
            {onPick ? (
              <button type="button" className="bar-row" onClick={() => onPick(severity)}>
                {bar}
              </button>
            ) : (
              <span className="bar-row">{bar}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function TrendLine({ points, label }: { points: { day: string; value: number }[]; label: string }) {
  const width = 600;
  const height = 160;
  const pad = 28;
  const max = Math.max(1, ...points.map((p) => p.value));
  const x = (i: number) => pad + (i * (width - pad * 2)) / Math.max(1, points.length - 1);
  const y = (v: number) => height - pad - (v * (height - pad * 2)) / max;
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="trend">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} className="axis" />
        <line x1={pad} x2={width - pad} y1={y(max)} y2={y(max)} className="grid" />
        <text x={pad - 4} y={y(max) + 4} textAnchor="end" className="tick">
          {max}
        </text>
        <text x={pad - 4} y={height - pad + 4} textAnchor="end" className="tick">
          0
        </text>
        {first && (
          <text x={pad} y={height - 8} className="tick">
            {first.day}
          </text>
        )}
        {last && (
          <text x={width - pad} y={height - 8} textAnchor="end" className="tick">
            {last.day}
          </text>
        )}
        <path d={path} className="line" />
      </svg>
      <figcaption>
        {first && last
          ? `${first.value.toLocaleString()} open on ${first.day}, ${last.value.toLocaleString()} on ${last.day}.`
          : 'No data.'}
      </figcaption>
    </figure>
  );
}
