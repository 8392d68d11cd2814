import { defineRule } from '../../rule.ts';
import { notErrorValue } from '../../lang/go/sinks/log.ts';

export default defineRule({
  class: 'log-injection',
  confidence: 'medium',
  languages: ['go'],
  remediation:
    'Quote untrusted values in log lines (`log.Printf("login failed for %q", user)`), strip CR/LF (`strings.NewReplacer("\\n", "", "\\r", "").Replace(user)`), or use a structured logger (`slog.Info("login failed", "user", user)`) whose handler encodes values.',
  references: ['https://cwe.mitre.org/data/definitions/117.html', 'https://owasp.org/www-community/attacks/Log_Injection', 'https://pkg.go.dev/log/slog'],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'never',
    local: 'never',
    check: (_taint, _ctx, at) => notErrorValue(at),
  },
});
