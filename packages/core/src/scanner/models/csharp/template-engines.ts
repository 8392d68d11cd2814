import { defineModel } from '../schema.ts';

/** Template engines that compile template text into code: RazorEngine, RazorLight, Scriban, DotLiquid, Fluid, Handlebars.Net. */
export default defineModel({
  name: 'template-engines',
  language: 'csharp',
  sinks: [
    // RazorEngine: Engine.Razor.RunCompile(template, key, type, model), Razor.Parse(template, model).
    {
      call: ['**.Engine.Razor.{RunCompile,Compile,AddTemplate,RunCompileAsync}', '**.Razor.{Parse,Compile,Run}', '*.{RunCompile,AddTemplate}'],
      arg: 0,
      keyword: ['templateSource', 'razorTemplate', 'template'],
      class: 'template-injection',
    },
    { call: '**.RazorEngineService.Create', class: 'template-injection' },
    // RazorLight: engine.CompileRenderStringAsync(key, content, model).
    { call: '*.CompileRenderStringAsync', arg: 1, keyword: 'content', class: 'template-injection' },
    { call: ['**.Template.{Parse,ParseLiquid}', '**.{Handlebars,HandlebarsDotNet.Handlebars}.Compile', '*.ParseTemplate'], class: 'template-injection' },
    { call: '*.{Parse,TryParse}', class: 'template-injection', where: 'fluid-parser' },
  ],
});
