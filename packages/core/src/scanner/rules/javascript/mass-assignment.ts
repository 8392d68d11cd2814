import { defineRule } from '../../rule.ts';

/**
 * The request's whole parsed object handed to a persistence call (models/javascript: mongodb,
 * sequelize, typeorm, prisma, knex, builtins `Object.assign`): the client can set fields it should
 * not (`role`, `isAdmin`, `ownerId`, `balance`).
 */
export default defineRule({
  class: 'mass-assignment',
  confidence: 'medium',
  languages: ['javascript', 'typescript'],
  remediation:
    'Copy the fields a client may set explicitly (`User.create({ name: body.name, email: body.email })`, `_.pick(req.body, ["name", "email"])`), or validate the body with a schema that strips unknown keys (zod `.strict()`/`.pick()`, class-validator with `whitelist: true, forbidNonWhitelisted: true`) before writing it.',
  references: ['https://cwe.mitre.org/data/definitions/915.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Mass_Assignment_Cheat_Sheet.html'],
  matcher: { kind: 'taint', sinks: [], params: 'never', local: 'never' },
});
