/**
 * `secscan lsp`: a Language Server Protocol server (vscode-languageserver, JSON-RPC over the
 * process's stdin and stdout) that scans the documents an editor has open and publishes the
 * findings as diagnostics:
 * - on open at once, on change after a quiet spell (`debounceMs`), each scan within its time
 *   budget (`timeBudgetMs`; past it the scan stops and reports what it found);
 * - a result that arrives after the document changed again is dropped (a newer scan follows);
 * - closing a document clears its diagnostics;
 * - every diagnostic has a quick fix that inserts `secscan-ignore <ruleId>: <reason>` above it.
 * The editor's text is scanned, never the file on disk.
 */
import type { Readable, Writable } from 'node:stream';
import { RULES, type Scanner } from '@secscan/core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type CodeAction, CodeActionKind, type Connection, createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { DIAGNOSTIC_SOURCE, documentLanguage, suppressionAction, toDiagnostics, uriPath } from './diagnostics.ts';

/** How the server scans. */
export interface LanguageServerOptions {
  /** Quiet time after the last change before a document is scanned again (ms). */
  debounceMs: number;
  /** Wall-clock budget of one scan (ms). */
  timeBudgetMs: number;
  /** Name and version the server reports to the editor. */
  version: string;
}

/** Default settings: rescans a quarter second after typing stops; a scan gets at most two seconds. */
export const DEFAULT_LANGUAGE_SERVER_OPTIONS: LanguageServerOptions = { debounceMs: 250, timeBudgetMs: 2000, version: '0.0.0' };

/**
 * Serves the protocol on a connection until the client exits. The connection's process streams
 * are the caller's: nothing here writes to stdout but the protocol.
 */
export function serveLanguageServer(connection: Connection, scanner: Scanner, options: LanguageServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const rules = new Map(RULES.map((rule) => [rule.id, rule]));
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const cancel = (uri: string): void => {
    const timer = timers.get(uri);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(uri);
  };

  // The other grammars load once the first document has been scanned: loading all of them at start
  // (17 MB of WebAssembly to compile) would slow down the scan of the document the editor opens first.
  let warmed = false;
  const warmUpLater = (): void => {
    if (warmed) return;
    warmed = true;
    setTimeout(() => scanner.warmUp().catch(() => undefined), 500).unref?.();
  };

  const scan = async (document: TextDocument): Promise<void> => {
    const language = documentLanguage(document.uri, document.languageId);
    if (language === null) return;
    const path = uriPath(document.uri);
    const version = document.version;
    const result = await scanner.scan({ code: document.getText(), language, ...(path !== null ? { filename: path } : {}) }, { timeBudgetMs: options.timeBudgetMs });
    // Closed, or changed while we scanned: this result is stale (a newer scan is on its way).
    if (documents.get(document.uri)?.version !== version) return;
    await connection.sendDiagnostics({ uri: document.uri, version, diagnostics: toDiagnostics(document.uri, result, rules) });
    warmUpLater();
  };

  const scanSoon = (document: TextDocument, delayMs: number): void => {
    cancel(document.uri);
    const run = (): void => {
      timers.delete(document.uri);
      const current = documents.get(document.uri);
      if (current) scan(current).catch((error: unknown) => connection.console.error(`secscan: scanning ${document.uri} failed: ${String(error)}`));
    };
    if (delayMs <= 0) run();
    else timers.set(document.uri, setTimeout(run, delayMs));
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    },
    serverInfo: { name: 'secscan', version: options.version },
  }));

  // TextDocuments raises onDidOpen and then onDidChangeContent for an opened document: scan it at
  // once; later changes wait for a quiet spell.
  const justOpened = new Set<string>();
  documents.onDidOpen(({ document }) => justOpened.add(document.uri));
  documents.onDidChangeContent(({ document }) => scanSoon(document, justOpened.delete(document.uri) ? 0 : options.debounceMs));
  documents.onDidClose(({ document }) => {
    cancel(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCodeAction(({ textDocument, context }): CodeAction[] => {
    const document = documents.get(textDocument.uri);
    if (!document) return [];
    const language = documentLanguage(document.uri, document.languageId);
    if (language === null) return [];
    return context.diagnostics
      .filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE)
      .flatMap((diagnostic) => suppressionAction(document.uri, document.getText(), language, diagnostic) ?? []);
  });

  documents.listen(connection);
  connection.listen();
}

/** Starts the server on a process's streams (stdin and stdout for `secscan lsp`). */
export function startLanguageServer(input: Readable, output: Writable, scanner: Scanner, options: LanguageServerOptions): Connection {
  const connection = createConnection(ProposedFeatures.all, input, output);
  serveLanguageServer(connection, scanner, options);
  return connection;
}
