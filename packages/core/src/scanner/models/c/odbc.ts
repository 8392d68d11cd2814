import { defineModel } from '../schema.ts';

/** ODBC (unixODBC, iODBC, the Windows driver manager). */
export default defineModel({
  name: 'odbc',
  language: ['c', 'cpp'],
  description: 'ODBC: SQLExecDirect and SQLPrepare take SQL text.',
  sinks: [{ call: ['SQLExecDirect', 'SQLExecDirectA', 'SQLExecDirectW', 'SQLPrepare', 'SQLPrepareA', 'SQLPrepareW'], arg: 1, class: 'sql-injection' }],
});
