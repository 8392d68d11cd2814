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
    sinks: [
      // RazorEngine: Engine.Razor.RunCompile(template, key, type, model), Razor.Parse(template, model)
      {
        callee: ['**.Engine.Razor.{RunCompile,Compile,AddTemplate,RunCompileAsync}', '**.Razor.{Parse,Compile,Run}', '*.{RunCompile,AddTemplate}'],
        args: [0],
        keywords: ['templateSource', 'razorTemplate', 'template'],
      },
      { callee: ['**.RazorEngineService.Create'], args: [0] },
      // RazorLight: engine.CompileRenderStringAsync(key, content, model)
      { callee: ['*.CompileRenderStringAsync'], args: [1], keywords: ['content'] },
      // Scriban, DotLiquid, Fluid, Handlebars.Net
      { callee: ['**.Template.{Parse,ParseLiquid}', '**.{Handlebars,HandlebarsDotNet.Handlebars}.Compile', '*.{ParseTemplate}'], args: [0] },
      { callee: ['*.{Parse,TryParse}'], args: [0], where: (call) => /fluid/i.test(call.receiver?.text ?? '') },
    ],
    params: 'built',
    local: 'never',
  },
});
