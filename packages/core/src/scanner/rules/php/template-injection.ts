import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  cwe: ['CWE-1336'],
  languages: ['php'],
  remediation:
    "Never compile request data as a template. Render fixed template files and pass user data as variables (`$twig->render('page.html.twig', ['name' => $name])`, `view('page', compact('name'))`, `$smarty->assign('name', $name)`).",
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://portswigger.net/web-security/server-side-template-injection',
    'https://twig.symfony.com/doc/3.x/recipes.html#loading-a-template-from-a-string',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (template-engines, laravel).
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
