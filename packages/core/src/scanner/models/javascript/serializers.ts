import { defineModel } from '../schema.ts';

/** Serializers that revive functions and classes: node-serialize, serialize-to-js, funcster, cryo. */
export default defineModel({
  name: 'serializers',
  language: ['javascript', 'typescript'],
  description: 'node-serialize, serialize-to-js, funcster and cryo deserialization (code runs while loading) as sinks.',
  sinks: [
    { call: ['node-serialize.unserialize', 'serialize.unserialize', 'node-serialize.deserialize'], class: 'unsafe-deserialization', label: 'node-serialize unserialize()' },
    { call: ['serialize-to-js.deserialize', 'serializeToJs.deserialize'], class: 'unsafe-deserialization' },
    { call: 'funcster.{deepDeserialize,deserialize}', class: 'unsafe-deserialization' },
    { call: ['cryo.parse', 'Cryo.parse'], class: 'unsafe-deserialization' },
  ],
});
