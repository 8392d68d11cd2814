/** Small building blocks of the dashboard's pages. */
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError, SEVERITIES, type Finding, type Severity, type Summary } from './api.ts';

/** A page's heading and its one-line purpose. */
export function PageHeader(props: { title: string; lead?: string | undefined; children?: ComponentChildren }) {
  return (
    <header class="page-header">
      <div>
        <h1 tabIndex={-1}>{props.title}</h1>
        {props.lead && <p class="lead">{props.lead}</p>}
      </div>
      {props.children && <div class="page-actions">{props.children}</div>}
    </header>
  );
}

/** A message for the user; errors are announced by screen readers at once. */
export function Notice(props: { kind: 'error' | 'success' | 'info'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

/** The message of an error, for a Notice. */
export function errorText(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong.';
}

/** A labelled form field with its hint and its error, tied together for assistive technology. */
export function Field(props: { id: string; label: string; hint?: string; error?: string | undefined; children: (describedBy: string | undefined) => JSX.Element }) {
  const ids = [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      {props.children(ids)}
      {props.hint && (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A severity as a coloured label (the word is always there: colour is never the only signal). */
export function SeverityBadge(props: { severity: Severity; count?: number }) {
  return <span class={`badge severity-${props.severity}`}>{props.count !== undefined ? `${props.count} ${props.severity}` : props.severity}</span>;
}

/** A scan summary: one badge per severity that has findings, or "No findings". */
export function SummaryBadges(props: { summary: Summary }) {
  const present = SEVERITIES.filter((s) => props.summary[s] > 0);
  if (present.length === 0) return <span class="badge badge-clean">No findings</span>;
  return (
    <span class="badges">
      {present.map((s) => (
        <SeverityBadge key={s} severity={s} count={props.summary[s]} />
      ))}
    </span>
  );
}

/** A button that copies a value to the clipboard and says so. */
export function CopyButton(props: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(props.value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span class="copy">
      <button type="button" class="button button-secondary" onClick={() => void copy()}>
        {props.label}
      </button>
      <span class="copy-state" role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text and copy it' : ''}
      </span>
    </span>
  );
}

/** A time as people read it, with the exact time on hover. */
export function Time(props: { iso: string | null; empty?: string }) {
  if (props.iso === null) return <span class="muted">{props.empty ?? 'Never'}</span>;
  const date = new Date(props.iso);
  return (
    <time dateTime={props.iso} title={date.toISOString()}>
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

/** The findings of a scan, each with where, why and how to fix it. */
export function FindingList(props: { findings: Finding[] }) {
  if (props.findings.length === 0) return <Notice kind="success">No findings: nothing in this code matched a rule.</Notice>;
  return (
    <ol class="findings" aria-label="Findings">
      {props.findings.map((f) => (
        <li key={f.id} class="finding">
          <div class="finding-head">
            <SeverityBadge severity={f.severity} />
            <h3>{f.title}</h3>
            <span class="finding-where">
              Line {f.location.startLine}
              {f.location.endLine !== f.location.startLine ? `–${f.location.endLine}` : ''}
            </span>
          </div>
          <p>{f.message}</p>
          <pre class="snippet">
            <code>{f.snippet}</code>
          </pre>
          <p class="remediation">
            <strong>Fix: </strong>
            {f.remediation}
          </p>
          <p class="finding-meta">
            <code>{f.ruleId}</code> {f.cwe.join(', ')} · {f.confidence} confidence
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Source code with line numbers, the lines of findings highlighted. */
export function CodeView(props: { code: string; findings: Finding[] }) {
  const flagged = new Map<number, Severity>();
  for (const f of props.findings) for (let line = f.location.startLine; line <= f.location.endLine; line++) if (!flagged.has(line)) flagged.set(line, f.severity);
  const lines = props.code.split('\n');
  return (
    <div class="code-view" role="region" aria-label="Scanned code" tabIndex={0}>
      <table>
        <tbody>
          {lines.map((text, i) => {
            const severity = flagged.get(i + 1);
            return (
              <tr key={i} class={severity ? `flagged flagged-${severity}` : undefined}>
                <th scope="row">{i + 1}</th>
                <td>
                  <code>{text || ' '}</code>
                  {severity && <span class="sr-only"> ({severity} finding on this line)</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The day-by-day chart of scans: bars in SVG, the numbers in a table for screen readers. */
export function DailyChart(props: { days: { day: string; scans: number }[] }) {
  const max = Math.max(1, ...props.days.map((d) => d.scans));
  const width = 600;
  const height = 160;
  const gap = 4;
  const bar = (width - gap * (props.days.length - 1)) / props.days.length;
  const total = props.days.reduce((n, d) => n + d.scans, 0);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label={`Scans per day over the last ${props.days.length} days: ${total} in all, at most ${max} in a day.`}>
        <line x1="0" y1={height + 0.5} x2={width} y2={height + 0.5} class="chart-axis" />
        {props.days.map((d, i) => {
          const h = (d.scans / max) * (height - 10);
          return (
            <rect key={d.day} x={i * (bar + gap)} y={height - h} width={bar} height={Math.max(h, d.scans > 0 ? 2 : 0)} rx="2" class="chart-bar">
              <title>{`${d.day}: ${d.scans} scan${d.scans === 1 ? '' : 's'}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} class="chart-label">
          {props.days[0]?.day}
        </text>
        <text x={width} y={height + 16} class="chart-label" text-anchor="end">
          {props.days[props.days.length - 1]?.day}
        </text>
      </svg>
      <figcaption>Scans per day (UTC), last {props.days.length} days</figcaption>
      <table class="sr-only">
        <caption>Scans per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Scans</th>
          </tr>
        </thead>
        <tbody>
          {props.days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.scans}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
