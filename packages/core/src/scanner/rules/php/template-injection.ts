import { defineRule } from '../../rule.ts';
import { receiverName } from '../../lang/php/helpers.ts';

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
    sinks: [
      { callee: ['*.createTemplate', 'Blade.render', 'Blade.compileString', 'twig_template_from_string', 'template_from_string'], args: [0] },
      { callee: ['ArrayLoader', 'Twig_Loader_String', 'Twig_Loader_Array'], args: [0] },
      // Smarty: `string:` and `eval:` resources compile the rest of the name as a template.
      {
        callee: ['*.fetch', '*.display', '*.isCached'],
        args: [0],
        where: (call, ctx, taint) => /smarty|tpl|template|view/i.test(receiverName(call, ctx) ?? '') && /^(?:string|eval):/i.test(taint.text),
      },
    ],
    params: 'never',
    local: 'never',
  },
});
