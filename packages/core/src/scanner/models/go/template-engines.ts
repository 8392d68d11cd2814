import { defineModel } from '../schema.ts';

/** Third-party template engines that compile template text: text from untrusted data is template injection. */
export default defineModel({
  name: 'template-engines',
  language: 'go',
  description: 'github.com/flosch/pongo2, github.com/aymerick/raymond, github.com/cbroglie/mustache, github.com/CloudyKit/jet',
  sinks: [{ call: ['pongo2.{FromString,FromBytes}', 'raymond.{Render,Parse,MustRender}', 'mustache.{Render,ParseString}', 'jet.NewSet().Parse'], class: 'template-injection' }],
});
