import { defineModel } from '../schema.ts';

/** Prisma: the `*Unsafe` raw methods take SQL text; `$queryRaw` tagged templates and `Prisma.sql` bind parameters. */
export default defineModel({
  name: 'prisma',
  language: ['javascript', 'typescript'],
  description:
    'Prisma $queryRawUnsafe/$executeRawUnsafe as SQL sinks; create/update with the whole request body as data (mass assignment); Prisma.sql and Prisma.join as parameter binding.',
  sinks: [
    { call: ['*.$queryRawUnsafe', '*.$executeRawUnsafe'], class: 'sql-injection', where: 'raw-sql' },
    // `prisma.user.create({ data: req.body })`: every column the client names.
    { call: '*.{create,createMany,update,updateMany,upsert}', class: 'mass-assignment', where: 'whole-request-object' },
  ],
  sanitizers: [{ call: ['Prisma.sql', 'Prisma.join', '@prisma/client.Prisma.{sql,join}'], class: 'sql-injection' }],
});
