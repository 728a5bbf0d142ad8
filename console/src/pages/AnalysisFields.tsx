// The VEX analysis of a triage (docs/triage-rules.md): why the finding does not affect us (justification), what is
// done about it (responses) and the detail in words; and how the vulnerable component got in (its paths).
import { JUSTIFICATIONS, label, VEX_RESPONSES } from '../api/choices.ts';
import type { Finding, Justification, VexResponse } from '../api/rest.ts';

export interface Analysis {
  justification: Justification | '';
  response: VexResponse[];
  detail: string;
}

export const analysisOf = (f: Pick<Finding, 'justification' | 'response' | 'detail'>): Analysis => ({
  justification: f.justification ?? '',
  response: f.response ?? [],
  detail: f.detail ?? '',
});

/** The PATCH body's analysis: empty choices are sent as null (cleared), as the API reads them. */
export const analysisBody = (a: Analysis) => ({
  justification: a.justification || null,
  response: a.response.length > 0 ? a.response : null,
  detail: a.detail.trim() || null,
});

export function AnalysisFields({
  value,
  onChange,
  disabled,
}: {
  value: Analysis;
  onChange: (a: Analysis) => void;
  disabled: boolean;
}) {
  const toggle = (r: VexResponse) =>
    onChange({
      ...value,
      response: value.response.includes(r) ? value.response.filter((x) => x !== r) : [...value.response, r],
    });
  return (
    <>
      <label htmlFor="triage-justification">Justification (why it does not affect you)</label>
      <select
        id="triage-justification"
        value={value.justification}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, justification: e.target.value as Justification | '' })}
      >
        <option value="">None</option>
        {JUSTIFICATIONS.map((j) => (
          <option key={j} value={j}>
            {label(j)}
          </option>
        ))}
      </select>
      <fieldset className="checks">
        <legend>Response</legend>
        {VEX_RESPONSES.map((r) => (
          <label key={r} className="check">
            <input
              type="checkbox"
              checked={value.response.includes(r)}
              disabled={disabled}
              onChange={() => toggle(r)}
            />{' '}
            {label(r)}
          </label>
        ))}
      </fieldset>
      <label htmlFor="triage-detail">Detail (in the VEX statement)</label>
      <textarea
        id="triage-detail"
        rows={3}
        value={value.detail}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, detail: e.target.value })}
      />
    </>
  );
}

/** How the component got in: a direct dependency, or the shortest paths from one (purls, arrows between). */
export function Paths({ finding: f }: { finding: Pick<Finding, 'direct' | 'paths'> }) {
  if (f.direct === null) return null;
  return (
    <div className="small" data-testid="paths">
      {f.direct ? (
        <p>A direct dependency of the SBOM's subject.</p>
      ) : (
        <>
          <p>Brought in through:</p>
          <ul className="paths">
            {f.paths.map((path) => (
              <li key={path.join(' ')} className="mono">
                {path.join(' → ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
