import { defineModel } from '../schema.ts';

/** Twig and Smarty: rendering a template file escapes by default; compiling request data as a template runs it. */
export default defineModel({
  name: 'template-engines',
  language: 'php',
  description: 'Twig Environment (render, createTemplate, loaders from strings) and Smarty string:/eval: resources',
  sinks: [
    { call: ['*.createTemplate', 'twig_template_from_string', 'template_from_string'], class: 'template-injection' },
    { call: ['ArrayLoader', 'Twig_Loader_String', 'Twig_Loader_Array'], class: 'template-injection' },
    { call: ['*.fetch', '*.display', '*.isCached'], class: 'template-injection', where: 'string-template' },
  ],
  sanitizers: [{ call: ['twig_escape_filter', '*.render', '*.renderView', '*.renderBlock', 'render_template'], class: 'xss' }],
});
