import { defineModel } from '../schema.ts';

/** Prisma: the `*Unsafe` raw methods take SQL text; `$queryRaw` tagged templates and `Prisma.sql` bind parameters. */
export default defineModel({
  name: 'prisma',
  language: ['javascript', 'typescript'],
  description: 'Prisma $queryRawUnsafe/$executeRawUnsafe as SQL sinks; Prisma.sql and Prisma.join as parameter binding.',
  sinks: [{ call: ['*.$queryRawUnsafe', '*.$executeRawUnsafe'], class: 'sql-injection', where: 'raw-sql' }],
  sanitizers: [{ call: ['Prisma.sql', 'Prisma.join', '@prisma/client.Prisma.{sql,join}'], class: 'sql-injection' }],
});
