/** The playground: paste code, pick or infer its language, scan it with the session, see the findings inline. */
import { useState } from 'preact/hooks';
import { api, type ScanResult } from '../api.ts';
import { CodeView, errorText, Field, FindingList, Notice, PageHeader, SummaryBadges } from '../components.tsx';
import { LANGUAGES } from './history.tsx';

const EXAMPLE = `const express = require('express');
const { exec } = require('child_process');
const app = express();

app.get('/ping', (req, res) => {
  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out));
});
`;

/** The playground page. */
export function Playground() {
  const [code, setCode] = useState(EXAMPLE);
  const [language, setLanguage] = useState('');
  const [filename, setFilename] = useState('app.js');
  const [result, setResult] = useState<{ scan: ScanResult; code: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scan = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { code, ...(language ? { language } : {}), ...(filename.trim() ? { filename: filename.trim() } : {}) };
      setResult({ scan: await api<ScanResult>('POST', '/api/scan', body), code });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title="Playground" lead="Scan a snippet with your session. It is recorded in your history like any scan." />
      <form class="card playground" onSubmit={(e) => void scan(e)}>
        <div class="grid-2">
          <Field id="language" label="Language" hint="Or leave it to the file name's extension.">
            {(d) => (
              <select id="language" aria-describedby={d} value={language} onChange={(e) => setLanguage(e.currentTarget.value)}>
                <option value="">Infer from the file name</option>
                {LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="filename" label="File name">
            {() => <input id="filename" value={filename} onInput={(e) => setFilename(e.currentTarget.value)} />}
          </Field>
        </div>
        <Field id="code" label="Code">
          {() => <textarea id="code" rows={12} spellcheck={false} value={code} onInput={(e) => setCode(e.currentTarget.value)} />}
        </Field>
        <button class="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Scanning…' : 'Scan'}
        </button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <section aria-labelledby="result-title" aria-live="polite">
          <h2 id="result-title">
            Result: {result.scan.findings.length} finding{result.scan.findings.length === 1 ? '' : 's'}{' '}
            <span class="muted">
              ({result.scan.language}, {Math.round(result.scan.durationMs)} ms)
            </span>
          </h2>
          <p>
            <SummaryBadges summary={result.scan.summary} /> <a href={`/dashboard/history/${result.scan.scanId}`}>Open in history</a>
          </p>
          <div class="card">
            <CodeView code={result.code} findings={result.scan.findings} />
          </div>
          <FindingList findings={result.scan.findings} />
        </section>
      )}
    </>
  );
}
