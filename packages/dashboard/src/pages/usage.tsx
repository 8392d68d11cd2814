/** Usage: the current rate-limit windows (what the limiter holds) and 30 days of scans and findings. */
import { useEffect, useState } from 'preact/hooks';
import { api, SEVERITIES, type Usage as UsageData, type WindowState } from '../api.ts';
import { DailyChart, errorText, Notice, PageHeader, SeverityBadge } from '../components.tsx';

function Meter(props: { label: string; window: WindowState }) {
  const { window } = props;
  return (
    <div class="meter">
      <div class="meter-head">
        <span class="meter-label">{props.label}</span>
        <span class="meter-value">
          {window.used} of {window.limit} used
        </span>
      </div>
      <progress max={window.limit} value={window.used} aria-label={`${props.label}: ${window.used} of ${window.limit} requests used this minute`} />
      <p class="hint">
        {window.remaining} left · resets in {window.resetSeconds} s
      </p>
    </div>
  );
}

/** The usage page. */
export function Usage() {
  const [usage, setUsage] = useState<UsageData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => void api<UsageData>('GET', '/api/me/usage').then(setUsage, (e: unknown) => setError(errorText(e))), []);
  return (
    <>
      <PageHeader title="Usage" lead="Requests in the current minute, and the scans of all your keys and sessions over the last 30 days." />
      {error && <Notice kind="error">{error}</Notice>}
      {usage && (
        <>
          <div class="stats">
            <div class="stat card">
              <span class="stat-value">{usage.totals.scans}</span>
              <span class="stat-label">scans in 30 days</span>
            </div>
            {SEVERITIES.slice(0, 3).map((s) => (
              <div class="stat card" key={s}>
                <span class="stat-value">{usage.totals.findings[s]}</span>
                <span class="stat-label">
                  <SeverityBadge severity={s} /> findings
                </span>
              </div>
            ))}
          </div>
          <section class="card" aria-labelledby="chart-title">
            <h2 id="chart-title">Scans per day</h2>
            <DailyChart days={usage.days} />
          </section>
          <div class="grid-2">
            <section class="card" aria-labelledby="limits-title">
              <h2 id="limits-title">This minute</h2>
              <Meter label="Dashboard sessions" window={usage.session} />
              {usage.keys.map((key) => (
                <Meter key={key.id} label={`Key “${key.name}” (${key.plan})`} window={key.window} />
              ))}
              {usage.keys.length === 0 && <p class="empty">No active keys.</p>}
            </section>
            <section class="card" aria-labelledby="severity-title">
              <h2 id="severity-title">Findings by severity</h2>
              <dl class="severity-list">
                {SEVERITIES.map((s) => (
                  <div key={s}>
                    <dt>
                      <SeverityBadge severity={s} />
                    </dt>
                    <dd>{usage.totals.findings[s]}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </>
      )}
    </>
  );
}
