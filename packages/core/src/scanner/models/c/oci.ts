import { defineModel } from '../schema.ts';

/** Oracle's Call Interface (OCI). */
export default defineModel({
  name: 'oci',
  language: ['c', 'cpp'],
  description: 'Oracle OCI: OCIStmtPrepare takes SQL text.',
  sinks: [{ call: 'OCIStmtPrepare', arg: 2, class: 'sql-injection' }],
});
