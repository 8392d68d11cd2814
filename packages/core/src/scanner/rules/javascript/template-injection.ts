import { defineRule } from '../../rule.ts';

/** Sinks: models/javascript (template-engines, lodash `template`). */
export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  cwe: ['CWE-1336'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Never use input as template source: keep templates in files or constants and pass input only as data (`ejs.render(TEMPLATE, { name })`, `pug.renderFile("view.pug", { name })`, `nunjucks.render("page.njk", ctx)`).',
  references: ['https://cwe.mitre.org/data/definitions/1336.html', 'https://portswigger.net/web-security/server-side-template-injection', 'https://ejs.co/#docs'],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'built',
    local: 'never',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
