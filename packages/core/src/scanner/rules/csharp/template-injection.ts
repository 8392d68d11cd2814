import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Keep templates in files or constants controlled by the application and pass user data only as the model (`RunCompile("welcome", typeof(Model), model)`); if users must author templates, use a logic-less engine with a sandbox (Scriban/Fluid with strict member access) and never Razor.',
  references: ['https://cwe.mitre.org/data/definitions/1336.html', 'https://portswigger.net/research/server-side-template-injection'],
  matcher: {
    kind: 'taint',
    // Sinks: the template-engines models (models/csharp).
    sinks: [],
    params: 'built',
    local: 'never',
  },
});
