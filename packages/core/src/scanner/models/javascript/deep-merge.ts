import { defineModel } from '../schema.ts';

/** Deep-merge and path-setter packages: client-chosen keys reach `__proto__`. */
export default defineModel({
  name: 'deep-merge',
  language: ['javascript', 'typescript'],
  description: 'merge-deep, mixin-deep, deep-extend, defaults-deep, deepmerge, set-value, dot-prop, object-path, dset and just-safe-set as prototype-pollution sinks.',
  sinks: [
    {
      call: ['merge-deep', 'mixin-deep', 'deep-extend', 'defaults-deep', 'merge.recursive', 'deepmerge'],
      arg: [1, 2, 3, 4],
      class: 'prototype-pollution',
      where: 'merges-client-keys',
    },
    {
      call: ['set-value', 'dot-prop.setProperty', 'dot-prop.set', 'dotProp.set', 'object-path.set', 'objectPath.set', 'dset', 'dset.dset', 'just-safe-set'],
      arg: 1,
      class: 'prototype-pollution',
      where: 'remote-only',
    },
  ],
});
