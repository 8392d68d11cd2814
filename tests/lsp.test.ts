/**
 * `secscan lsp` as an editor meets it: the built CLI started as a process on Node, driven over its
 * stdin and stdout by a real LSP client (vscode-languageserver-protocol's JSON-RPC connection, the
 * library VS Code's own client is built on). Opening a vulnerable document must show a diagnostic
 * within a second; fixing the code clears it; the quick fix inserts a suppression comment that the
 * scanner honours; closing clears the diagnostics; shutdown and exit end the process with 0.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  type Diagnostic,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  ShutdownRequest,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { ROOT } from './support/servers.ts';

const CLI = join(ROOT, 'packages', 'cli', 'bin', 'secscan.js');

const VULNERABLE = [
  "const express = require('express');",
  'const app = express();',
  "app.get('/users', (req, res) => {",
  "  db.query('SELECT * FROM users WHERE id = ' + req.query.id, (err, rows) => res.json(rows));",
  '});',
  '',
].join('\n');
const FIXED = VULNERABLE.replace("'SELECT * FROM users WHERE id = ' + req.query.id, ", "'SELECT * FROM users WHERE id = ?', [req.query.id], ");

const folder = mkdtempSync(join(tmpdir(), 'secscan-lsp-'));
const uri = pathToFileURL(join(folder, 'routes.js')).href;
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let child: ChildProcessWithoutNullStreams;
let client: ProtocolConnection;
let stderr = '';
/** Every publishDiagnostics notification, with when it arrived. */
const published: { at: number; params: PublishDiagnosticsParams }[] = [];

/** Resolves with the first diagnostics for `uri` published after `since` that satisfy `accept`. */
function nextDiagnostics(since: number, accept: (diagnostics: Diagnostic[]) => boolean, timeoutMs = 10_000): Promise<{ at: number; diagnostics: Diagnostic[] }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = (): void => {
      const hit = published.find((p) => p.at >= since && p.params.uri === uri && accept(p.params.diagnostics));
      if (hit) resolve({ at: hit.at, diagnostics: hit.params.diagnostics });
      else if (Date.now() - started > timeoutMs) reject(new Error(`no matching diagnostics within ${timeoutMs} ms; stderr: ${stderr}`));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

describe('secscan lsp with a real LSP client', () => {
  beforeAll(async () => {
    child = spawn(process.execPath, [CLI, 'lsp', '--stdio', '--debounce', '100'], { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    client.onNotification(PublishDiagnosticsNotification.type, (params) => {
      published.push({ at: performance.now(), params });
    });
    client.listen();
    const initialized = await client.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true } } },
      workspaceFolders: null,
    });
    expect(initialized.serverInfo?.name).toBe('secscan');
    expect(initialized.capabilities.codeActionProvider).toBeTruthy();
    await client.sendNotification(InitializedNotification.type, {});
  }, 60_000);

  afterAll(() => {
    client?.dispose();
    child?.kill();
  });

  it('shows a diagnostic for a vulnerable line within a second of opening the document', async () => {
    const opened = performance.now();
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'javascript', version: 1, text: VULNERABLE } });
    const { at, diagnostics } = await nextDiagnostics(opened, (d) => d.length > 0);
    console.log(`secscan lsp: first diagnostic ${Math.round(at - opened)} ms after didOpen`);
    expect(at - opened).toBeLessThan(1000);
    const [diagnostic] = diagnostics;
    expect(diagnostic).toMatchObject({
      source: 'secscan',
      code: 'javascript.sql-injection',
      severity: 1, // Error
      range: { start: { line: 3, character: 2 } },
      codeDescription: { href: expect.stringMatching(/^https:\/\//) },
    });
    expect(diagnostic?.message).toContain('CWE-89');
    expect(diagnostic?.relatedInformation?.map((r) => r.message)).toEqual(expect.arrayContaining([expect.stringContaining('req.query.id')]));
  });

  it('offers a quick fix that inserts a suppression comment the scanner honours', async () => {
    const current = published.filter((p) => p.params.uri === uri).at(-1)?.params.diagnostics ?? [];
    const actions = await client.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: current[0]?.range ?? { start: { line: 3, character: 2 }, end: { line: 3, character: 2 } },
      context: { diagnostics: current },
    });
    const fix = (actions ?? []).find((a) => 'kind' in a && a.kind === 'quickfix');
    expect(fix && 'edit' in fix ? fix.title : null).toBe('Suppress javascript.sql-injection here (secscan-ignore comment)');
    const edits = (fix && 'edit' in fix ? fix.edit?.changes?.[uri] : undefined) as TextEdit[] | undefined;
    expect(edits).toEqual([
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, newText: '  // secscan-ignore javascript.sql-injection: explain why this is safe\n' },
    ]);
    // Applied as an editor would: the finding is suppressed.
    const lines = VULNERABLE.split('\n');
    lines.splice(3, 0, (edits?.[0]?.newText ?? '').trimEnd());
    const changed = performance.now();
    await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: lines.join('\n') }] });
    expect((await nextDiagnostics(changed, (d) => d.length === 0)).diagnostics).toEqual([]);
  });

  it('rescans after edits (debounced) and clears diagnostics when the document closes', async () => {
    let changed = performance.now();
    await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 3 }, contentChanges: [{ text: VULNERABLE }] });
    expect((await nextDiagnostics(changed, (d) => d.length > 0)).diagnostics[0]?.code).toBe('javascript.sql-injection');
    // Three quick edits: only the last version is published.
    changed = performance.now();
    for (const [version, text] of [
      [4, VULNERABLE],
      [5, VULNERABLE],
      [6, FIXED],
    ] as const) {
      await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
    }
    await nextDiagnostics(changed, (d) => d.length === 0);
    const versions = published.filter((p) => p.at >= changed).map((p) => p.params.version);
    expect(versions).toEqual([6]);
    const closed = performance.now();
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    await nextDiagnostics(closed, (d) => d.length === 0);
  });

  it('ends with exit code 0 after shutdown and exit', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await client.sendRequest(ShutdownRequest.type);
    await client.sendNotification(ExitNotification.type);
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });
});
