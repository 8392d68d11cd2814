import { defineRule } from '../../rule.ts';

/**
 * Request data written raw into a log line (models/javascript/loggers: console, winston, pino,
 * bunyan, log4js, debug). A CR/LF in it forges the next entry. Structured fields (`logger.info({ user })`)
 * are encoded by the logger and are not reported; neither are a function's own parameters.
 */
export default defineRule({
  class: 'log-injection',
  confidence: 'medium',
  languages: ['javascript', 'typescript'],
  remediation:
    'Log request values as structured fields (`logger.info({ user: req.body.user }, "login failed")` with pino/winston JSON output), or strip line breaks first (`String(v).replace(/[\\r\\n]+/g, " ")`); never concatenate them into the message.',
  references: [
    'https://cwe.mitre.org/data/definitions/117.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html',
    'https://codeql.github.com/codeql-query-help/javascript/js-log-injection/',
  ],
  matcher: { kind: 'taint', sinks: [], params: 'never', local: 'never' },
});
