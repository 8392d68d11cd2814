import { defineModel } from '../schema.ts';

/** Micronaut HTTP: controller methods and their bound parameters, and the declarative HTTP client. */
export default defineModel({
  name: 'micronaut',
  language: 'java',
  handlers: [
    { parameterAnnotation: '**.{QueryValue,Header,Body,Part}', kind: 'remote' },
    { decorator: '**.{Get,Post,Put,Delete,Patch,Head,Options}', kind: 'remote' },
  ],
  sinks: [{ call: ['HttpRequest.{GET,POST,PUT,DELETE,PATCH,HEAD,OPTIONS}', '*.toBlocking().{retrieve,exchange}'], class: 'ssrf', where: 'request-target' }],
});
