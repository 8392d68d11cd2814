import { defineModel } from '../schema.ts';

const LODASH = ['lodash', '_', 'underscore', 'lodash-es'];
const lodash = (names: string): string[] => LODASH.map((m) => `${m}.${names}`);

/** lodash / underscore: deep merges and path setters copy client keys; `template` compiles code; `escape` escapes. */
export default defineModel({
  name: 'lodash',
  language: ['javascript', 'typescript'],
  description: 'lodash/underscore merge, defaultsDeep, set, zipObjectDeep (prototype pollution), template (template injection); escape and escapeRegExp as sanitizers.',
  sinks: [
    {
      call: [...lodash('{merge,mergeWith,defaultsDeep}'), 'lodash.mergewith', 'lodash.defaultsdeep', 'lodash/merge', 'lodash/mergeWith', 'lodash/defaultsDeep'],
      arg: [1, 2, 3, 4],
      class: 'prototype-pollution',
      where: 'merges-client-keys',
    },
    { call: [...lodash('{set,setWith,update,updateWith}'), 'lodash.setwith', 'lodash/set', 'lodash/setWith'], arg: 1, class: 'prototype-pollution', where: 'remote-only' },
    { call: [...lodash('zipObjectDeep'), 'lodash.zipobjectdeep', 'lodash/zipObjectDeep'], class: 'prototype-pollution', where: 'remote-only' },
    { call: [...lodash('template'), 'lodash.template', 'lodash/template'], class: 'template-injection' },
  ],
  sanitizers: [
    { call: [...lodash('escape'), 'lodash/escape'], class: ['xss', 'xpath-injection'] },
    { call: [...lodash('escapeRegExp'), 'lodash/escapeRegExp', 'lodash.escaperegexp'], class: 'regex-injection' },
  ],
});
