import { defineModel } from '../schema.ts';

/**
 * GORM and squirrel-style query builders: a string given to a clause method is raw SQL, and so is a
 * built inline condition (`db.First(&u, "name = '" + n + "'")`); struct and map conditions are
 * parameterized.
 */
export default defineModel({
  name: 'gorm',
  language: 'go',
  description: 'gorm.io/gorm, github.com/Masterminds/squirrel',
  sinks: [
    { call: '*.{Where,Or,Not,Order,Group,Having,Joins,Select,Table,Distinct,Pluck,Omit}', class: 'sql-injection', where: 'sql-clause' },
    { call: '*.{First,Find,Take,Last,Delete}', arg: 1, class: 'sql-injection', where: 'gorm-inline-condition' },
  ],
});
