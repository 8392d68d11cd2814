import { defineRule } from '../../rule.ts';
import { untrustedDestination } from '../../lang/csharp/helpers.ts';

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Do not let the client choose the URL: keep scheme and host fixed (an `HttpClient` with a configured `BaseAddress` and a relative path built from validated values), or check the parsed `Uri.Host` against an allow-list and reject private and link-local addresses before sending.',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks: the system-net-http, restsharp models (models/csharp).
    sinks: [],
    params: 'never',
    local: 'never',
    check: untrustedDestination,
  },
});
