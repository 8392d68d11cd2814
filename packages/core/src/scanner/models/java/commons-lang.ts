import { defineModel } from '../schema.ts';

/** Apache Commons Lang: number and enum conversions, class loading by name, the old SQL escaper. */
export default defineModel({
  name: 'commons-lang',
  language: 'java',
  sinks: [{ call: 'ClassUtils.getClass', class: 'unsafe-reflection' }],
  sanitizers: [
    {
      call: [
        'NumberUtils.{toInt,toLong,toDouble,toFloat,toShort,toByte,createInteger,createLong,createNumber,createBigDecimal,createDouble,createFloat}',
        'EnumUtils.{getEnum,getEnumIgnoreCase}',
      ],
      class: 'all',
    },
    { call: 'StringEscapeUtils.escapeSql', class: 'sql-injection' },
  ],
});
