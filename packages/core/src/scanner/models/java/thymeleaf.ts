import { defineModel } from '../schema.ts';

/** Thymeleaf: the template a TemplateEngine processes (a string template when the resolver takes one). */
export default defineModel({
  name: 'thymeleaf',
  language: 'java',
  sinks: [
    {
      call: [
        '{templateEngine,thymeleaf,thymeleafEngine,springTemplateEngine,engine,htmlTemplateEngine,textTemplateEngine}.process',
        '*.{templateEngine,thymeleafEngine,springTemplateEngine,htmlTemplateEngine,textTemplateEngine}.process',
      ],
      class: 'template-injection',
      where: 'thymeleaf-engine',
    },
  ],
});
