/** The user's scans, newest first, filtered; and one scan with its findings, code and SARIF. */
import { useEffect, useState } from 'preact/hooks';
import { api, SEVERITIES, type Finding, type HistoryItem, type ScanResult } from '../api.ts';
import { CodeView, errorText, FindingList, Notice, PageHeader, SummaryBadges, Time } from '../components.tsx';

/** Languages the scanner knows (the API refuses others). */
export const LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'go', 'php', 'ruby', 'c', 'cpp', 'csharp', 'generic'];

/** The history page. */
export function History() {
  const [language, setLanguage] = useState('');
  const [severity, setSeverity] = useState('');
  const [scans, setScans] = useState<HistoryItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = (before: string | null): string => {
    const params = new URLSearchParams();
    if (language) params.set('language', language);
    if (severity) params.set('severity', severity);
    if (before) params.set('before', before);
    const text = params.toString();
    return `/api/me/scans${text ? `?${text}` : ''}`;
  };
  useEffect(() => {
    setScans(null);
    api<{ scans: HistoryItem[]; next: string | null }>('GET', query(null)).then(
      (page) => {
        setScans(page.scans);
        setNext(page.next);
      },
      (e: unknown) => setError(errorText(e)),
    );
  }, [language, severity]);
  const more = async (): Promise<void> => {
    try {
      const page = await api<{ scans: HistoryItem[]; next: string | null }>('GET', query(next));
      setScans([...(scans ?? []), ...page.scans]);
      setNext(page.next);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <>
      <PageHeader title="History" lead="Every scan made with your keys and in the dashboard, newest first." />
      {error && <Notice kind="error">{error}</Notice>}
      <div class="filters" role="group" aria-label="Filter scans">
        <label>
          Language
          <select value={language} onChange={(e) => setLanguage(e.currentTarget.value)}>
            <option value="">All languages</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label>
          Severity
          <select value={severity} onChange={(e) => setSeverity(e.currentTarget.value)}>
            <option value="">Any</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                has {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section class="card">
        {scans === null ? (
          <p class="muted">Loading…</p>
        ) : scans.length === 0 ? (
          <p class="empty">No scans {language || severity ? 'match these filters' : 'yet: run one in the playground or with a key'}.</p>
        ) : (
          <div class="table-wrap">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">File</th>
                  <th scope="col">Language</th>
                  <th scope="col">Findings</th>
                  <th scope="col">Made with</th>
                </tr>
              </thead>
              <tbody>
                {scans.map((scan) => (
                  <tr key={scan.scanId}>
                    <td>
                      <a href={`/dashboard/history/${scan.scanId}`}>
                        <Time iso={scan.createdAt} />
                      </a>
                    </td>
                    <td>{scan.filename ?? <span class="muted">(no file name)</span>}</td>
                    <td>{scan.language}</td>
                    <td>
                      <SummaryBadges summary={scan.summary} />
                    </td>
                    <td>{scan.source.kind === 'key' ? `Key “${scan.source.keyName ?? ''}”` : 'Dashboard'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {next && (
          <button type="button" class="button button-secondary" onClick={() => void more()}>
            Show older scans
          </button>
        )}
      </section>
    </>
  );
}

/** One scan. */
export function ScanDetail(props: { scanId: string }) {
  const [scan, setScan] = useState<ScanResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sarif, setSarif] = useState<string | null>(null);
  useEffect(() => void api<ScanResult>('GET', `/api/me/scans/${props.scanId}`).then(setScan, (e: unknown) => setError(errorText(e))), [props.scanId]);
  useEffect(() => () => void (sarif && URL.revokeObjectURL(sarif)), [sarif]);
  const prepareSarif = async (): Promise<void> => {
    try {
      const text = await api<string>('GET', `/api/me/scans/${props.scanId}`, undefined, 'application/sarif+json');
      setSarif(URL.createObjectURL(new Blob([text], { type: 'application/sarif+json' })));
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const title = scan?.filename ?? 'Scan';
  return (
    <>
      <PageHeader title={title} lead={scan ? `${scan.language} · ${scan.findings.length} finding${scan.findings.length === 1 ? '' : 's'}` : undefined}>
        <a class="button button-ghost" href="/dashboard/history">
          Back to history
        </a>
        {sarif ? (
          <a class="button button-secondary" href={sarif} download={`secscan-${props.scanId}.sarif`}>
            Save SARIF file
          </a>
        ) : (
          <button type="button" class="button button-secondary" onClick={() => void prepareSarif()} disabled={!scan}>
            Download SARIF
          </button>
        )}
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      {scan && (
        <>
          <p class="muted">
            Scanned <Time iso={scan.createdAt ?? null} /> · <SummaryBadges summary={scan.summary} />
          </p>
          {scan.code ? (
            <section class="card" aria-labelledby="code-title">
              <h2 id="code-title">Code</h2>
              <CodeView code={scan.code} findings={scan.findings as Finding[]} />
            </section>
          ) : (
            <p class="hint">The server does not keep scanned code (SECSCAN_STORE_CODE), so only the findings’ own lines are shown.</p>
          )}
          <section aria-labelledby="findings-title">
            <h2 id="findings-title">Findings</h2>
            <FindingList findings={scan.findings} />
          </section>
        </>
      )}
    </>
  );
}
