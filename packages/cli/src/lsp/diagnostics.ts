/**
 * What the language server tells an editor, as plain functions of a scan result: findings become
 * LSP diagnostics (with the rule's reference as the code description, and the data flow as related
 * information), and a finding's quick fix is a suppression comment on the line above it.
 * Positions: the scanner counts lines and columns from 1 in UTF-16 code units, LSP from 0 in the
 * same units (its default position encoding, LSP 3.17 §PositionEncodingKind).
 */
import { inferLanguage, resolveLanguage, type Finding, type LanguageId, type Rule, type ScanResult, type Severity } from '@secscan/core';
import { type CodeAction, CodeActionKind, type Diagnostic, DiagnosticSeverity, type Range } from 'vscode-languageserver';

/** The source every secscan diagnostic carries, so that editors can tell them apart and we can find ours. */
export const DIAGNOSTIC_SOURCE = 'secscan';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  critical: DiagnosticSeverity.Error,
  high: DiagnosticSeverity.Error,
  medium: DiagnosticSeverity.Warning,
  low: DiagnosticSeverity.Information,
  info: DiagnosticSeverity.Hint,
};

/** Editor language ids (VS Code's, Neovim's filetypes) that are not secscan ids or aliases. */
const EDITOR_LANGUAGES: Readonly<Record<string, LanguageId>> = {
  javascriptreact: 'javascript',
  typescriptreact: 'typescript',
  dotenv: 'generic',
  properties: 'generic',
  dockerfile: 'generic',
  terraform: 'generic',
  shellscript: 'generic',
};

/**
 * The language to scan a document as: from its file name when that tells (the CLI decides the
 * same way), else from the editor's language id; null when secscan does not scan it.
 */
export function documentLanguage(uri: string, languageId: string): LanguageId | null {
  const path = uriPath(uri);
  return (
    (path === null ? null : inferLanguage(path)) ?? resolveLanguage(languageId) ?? (Object.hasOwn(EDITOR_LANGUAGES, languageId) ? (EDITOR_LANGUAGES[languageId] ?? null) : null)
  );
}

/** The path of a `file:` URI (decoded), or null for other schemes (`untitled:`). */
export function uriPath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return null;
  }
}

/** A scanner location as an LSP range (0-based; the end column is exclusive in both). */
export function toRange(location: Finding['location']): Range {
  return {
    start: { line: location.startLine - 1, character: location.startColumn - 1 },
    end: { line: location.endLine - 1, character: location.endColumn - 1 },
  };
}

/** What a diagnostic carries for its quick fix. */
export interface DiagnosticData {
  ruleId: string;
}

/** The diagnostics of a scan of the document at `uri`. */
export function toDiagnostics(uri: string, result: ScanResult, rules: ReadonlyMap<string, Rule>): Diagnostic[] {
  return result.findings.map((finding) => {
    const reference = rules.get(finding.ruleId)?.references[0];
    const diagnostic: Diagnostic = {
      range: toRange(finding.location),
      severity: SEVERITY[finding.severity],
      source: DIAGNOSTIC_SOURCE,
      code: finding.ruleId,
      message: `${finding.message} (${finding.cwe.join(', ') || finding.severity})\nFix: ${finding.remediation}`,
      data: { ruleId: finding.ruleId } satisfies DiagnosticData,
    };
    if (reference) diagnostic.codeDescription = { href: reference };
    if (finding.dataflow && finding.dataflow.length > 0) {
      diagnostic.relatedInformation = finding.dataflow.map((step) => ({ location: { uri, range: toRange(step.location) }, message: step.note }));
    }
    return diagnostic;
  });
}

/** How a line comment starts in a language; null where none can be added safely (JSON has no comments). */
export function lineCommentOf(language: LanguageId, path: string | null): string | null {
  switch (language) {
    case 'python':
    case 'ruby':
      return '#';
    case 'generic':
      // Config files: .env, YAML, TOML, INI, properties, Dockerfile, shell, Terraform all take `#`.
      return path !== null && /\.(json|jsonc|json5)$/i.test(path) ? null : '#';
    default:
      return '//';
  }
}

/** The placeholder reason a quick fix writes; the user replaces it with the real one. */
export const REASON_PLACEHOLDER = 'explain why this is safe';

/**
 * The quick fix of a secscan diagnostic: a `secscan-ignore <ruleId>: <reason>` comment on a new
 * line above the finding, indented like it (the scanner honours the marker on the finding's line
 * or the one above). Null when the document's language takes no comment.
 */
export function suppressionAction(uri: string, text: string, language: LanguageId, diagnostic: Diagnostic): CodeAction | null {
  const ruleId = (diagnostic.data as DiagnosticData | undefined)?.ruleId ?? (typeof diagnostic.code === 'string' ? diagnostic.code : null);
  const comment = lineCommentOf(language, uriPath(uri));
  if (ruleId === null || comment === null) return null;
  const line = diagnostic.range.start.line;
  const lineText = text.split('\n')[line] ?? '';
  const indent = lineText.slice(0, lineText.length - lineText.trimStart().length);
  return {
    title: `Suppress ${ruleId} here (secscan-ignore comment)`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: {
      changes: {
        [uri]: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indent}${comment} secscan-ignore ${ruleId}: ${REASON_PLACEHOLDER}\n` }],
      },
    },
  };
}
