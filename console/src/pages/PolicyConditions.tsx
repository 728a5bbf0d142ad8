// A policy's conditions as form controls, one row per condition: the subject, its operators, and a control
// fitting its value (a list, a switch, a number, a range form), so nobody writes JSON. The values sent are those
// src/policies/conditions.ts accepts; what it refuses comes back as VALIDATION_FAILED naming the condition.
import { useId } from 'react';
import {
  OPERATOR_LABELS,
  SUBJECT_LABELS,
  SUBJECT_OPERATORS,
  SUBJECTS,
  type Condition,
  type ConditionValue,
  type LicenseGroup,
  type Subject,
} from '../api/policies.ts';
import { SEVERITIES } from '../api/choices.ts';

const MISSING = ['purl', 'version', 'license'] as const;

/** The value a subject starts with when it is picked. */
export function defaultValue(subject: Subject, groups: readonly LicenseGroup[]): ConditionValue {
  switch (subject) {
    case 'license_group':
      return groups[0]?.name ?? '';
    case 'severity':
      return 'HIGH';
    case 'kev':
      return true;
    case 'epss':
      return 0.5;
    case 'missing':
      return 'license';
    case 'version':
      return { introduced: '0', fixed: '' };
    default:
      return '';
  }
}

export const newCondition = (subject: Subject, groups: readonly LicenseGroup[]): Condition => ({
  subject,
  operator: SUBJECT_OPERATORS[subject][0],
  value: defaultValue(subject, groups),
});

/** The value as the server reads it: an OSV range without its empty fields. */
export function conditionForApi(c: Condition): Condition {
  if (c.subject === 'version' && typeof c.value === 'object')
    return {
      ...c,
      value: Object.fromEntries(Object.entries(c.value).filter(([, v]) => v.trim() !== '')),
    };
  return c;
}

function ValueControl({
  id,
  condition: c,
  groups,
  onChange,
  disabled,
}: {
  id: string;
  condition: Condition;
  groups: readonly LicenseGroup[];
  onChange: (value: ConditionValue) => void;
  disabled: boolean;
}) {
  const subject = c.subject as Subject;
  const text = typeof c.value === 'string' ? c.value : '';
  const input = (label: string, placeholder: string, hint?: string) => (
    <div className="field grow">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
      />
      {hint && (
        <span id={`${id}-hint`} className="small muted">
          {hint}
        </span>
      )}
    </div>
  );
  const choose = (label: string, options: readonly { value: string; label: string }[]) => (
    <div className="field grow">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={String(c.value)} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  switch (subject) {
    case 'license':
      return input('License', 'MIT', 'An SPDX id (GPL-3.0-only), LicenseRef-…, NONE, or unknown.');
    case 'license_group':
      return choose(
        'Group',
        groups.map((g) => ({ value: g.name, label: `${g.name} (${g.licenses.length})` })),
      );
    case 'severity':
      return choose(
        'Severity',
        SEVERITIES.map((s) => ({ value: s, label: s })),
      );
    case 'kev':
      return (
        <div className="field grow">
          <label htmlFor={id}>In CISA's KEV catalog</label>
          <select
            id={id}
            value={String(c.value)}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value === 'true')}
          >
            <option value="true">yes</option>
            <option value="false">no</option>
          </select>
        </div>
      );
    case 'epss':
      return (
        <div className="field grow">
          <label htmlFor={id}>Probability (0 to 1)</label>
          <input
            id={id}
            type="number"
            min={0}
            max={1}
            step={0.01}
            value={typeof c.value === 'number' ? c.value : ''}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          />
        </div>
      );
    case 'vulnerability_id':
      return input('Vulnerability id', 'CVE-2021-44228', 'Aliases match too (a GHSA of the same CVE).');
    case 'cwe':
      return input('CWE id', 'CWE-79');
    case 'purl':
      return input(
        'Package URL pattern',
        'pkg:npm/event-stream',
        'Without version; * in namespace or name: pkg:maven/org.apache.logging.log4j/*',
      );
    case 'expression':
      return (
        <div className="field grow">
          <label htmlFor={id}>CEL expression</label>
          <textarea
            id={id}
            rows={2}
            className="mono"
            value={text}
            disabled={disabled}
            placeholder="component.name.startsWith('internal-')"
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      );
    case 'missing':
      return choose(
        'What is missing',
        MISSING.map((m) => ({ value: m, label: m })),
      );
    case 'version':
      return <RangeControl id={id} value={c.value} onChange={onChange} disabled={disabled} />;
  }
}

/** A version range: a `vers:` text, or an OSV range (introduced, then fixed or last affected). */
function RangeControl({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: ConditionValue;
  onChange: (value: ConditionValue) => void;
  disabled: boolean;
}) {
  const osv = typeof value === 'object' ? value : null;
  const field = (key: string, label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={osv?.[key] ?? ''}
        disabled={disabled}
        size={10}
        onChange={(e) => {
          const next: Record<string, string> = { ...osv, [key]: e.target.value };
          // fixed and last_affected exclude each other (the server refuses both).
          if (key === 'fixed' && e.target.value) delete next.last_affected;
          if (key === 'last_affected' && e.target.value) delete next.fixed;
          onChange(next);
        }}
      />
    </div>
  );
  return (
    <div className="field grow">
      <label htmlFor={`${id}-form`}>Range form</label>
      <select
        id={`${id}-form`}
        value={osv ? 'osv' : 'vers'}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === 'osv' ? { introduced: '0', fixed: '' } : 'vers:npm/')}
      >
        <option value="osv">introduced / fixed (OSV)</option>
        <option value="vers">vers: range</option>
      </select>
      {osv ? (
        <div className="row">
          {field('introduced', 'Introduced')}
          {field('fixed', 'Fixed')}
          {field('last_affected', 'Last affected')}
        </div>
      ) : (
        <>
          <label htmlFor={id}>vers range</label>
          <input
            id={id}
            className="mono"
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            placeholder="vers:npm/>=1.0.0|<2.0.0"
            onChange={(e) => onChange(e.target.value)}
          />
        </>
      )}
    </div>
  );
}

export function ConditionRows({
  conditions,
  groups,
  subjects,
  onChange,
  disabled,
}: {
  conditions: Condition[];
  groups: readonly LicenseGroup[];
  /** Subjects offered first for the policy's kind; the others follow. */
  subjects: readonly Subject[];
  onChange: (conditions: Condition[]) => void;
  disabled: boolean;
}) {
  const base = useId();
  const ordered = [...subjects, ...SUBJECTS.filter((s) => !subjects.includes(s))];
  const set = (i: number, c: Condition) => onChange(conditions.map((x, j) => (j === i ? c : x)));
  return (
    <ol className="conditions">
      {conditions.map((c, i) => {
        const id = `${base}-${i}`;
        const subject = c.subject as Subject;
        const operators: readonly string[] = SUBJECT_OPERATORS[subject] ?? [];
        return (
          <li key={i} className="condition" aria-label={`Condition ${i + 1}`}>
            <div className="field">
              <label htmlFor={`${id}-subject`}>Subject</label>
              <select
                id={`${id}-subject`}
                value={c.subject}
                disabled={disabled}
                onChange={(e) => set(i, newCondition(e.target.value as Subject, groups))}
              >
                {ordered.map((s) => (
                  <option key={s} value={s}>
                    {SUBJECT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-operator`}>Operator</label>
              <select
                id={`${id}-operator`}
                value={c.operator}
                disabled={disabled || operators.length < 2}
                onChange={(e) => set(i, { ...c, operator: e.target.value })}
              >
                {operators.map((o) => (
                  <option key={o} value={o}>
                    {OPERATOR_LABELS[o] ?? o}
                  </option>
                ))}
              </select>
            </div>
            <ValueControl
              id={`${id}-value`}
              condition={c}
              groups={groups}
              disabled={disabled}
              onChange={(value) => set(i, { ...c, value })}
            />
            {conditions.length > 1 && !disabled && (
              <button
                type="button"
                className="danger remove"
                onClick={() => onChange(conditions.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> condition {i + 1}</span>
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
