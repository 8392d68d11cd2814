import jsAngular from './javascript/angular.ts';
import jsAwsLambda from './javascript/aws-lambda.ts';
import jsBrowser from './javascript/browser.ts';
import jsBuiltins from './javascript/builtins.ts';
import jsCommandLine from './javascript/command-line.ts';
import jsDeepMerge from './javascript/deep-merge.ts';
import jsElectron from './javascript/electron.ts';
import jsExpress from './javascript/express.ts';
import jsFastify from './javascript/fastify.ts';
import jsFsExtra from './javascript/fs-extra.ts';
import jsHapi from './javascript/hapi.ts';
import jsHono from './javascript/hono.ts';
import jsHttpClients from './javascript/http-clients.ts';
import jsJquery from './javascript/jquery.ts';
import jsJsYaml from './javascript/js-yaml.ts';
import jsJwt from './javascript/jwt.ts';
import jsKnex from './javascript/knex.ts';
import jsKoa from './javascript/koa.ts';
import jsLdapjs from './javascript/ldapjs.ts';
import jsLodash from './javascript/lodash.ts';
import jsLoggers from './javascript/loggers.ts';
import jsMongodb from './javascript/mongodb.ts';
import jsNextjs from './javascript/nextjs.ts';
import jsNode from './javascript/node.ts';
import jsPrisma from './javascript/prisma.ts';
import jsProcessLibraries from './javascript/process-libraries.ts';
import jsPuppeteer from './javascript/puppeteer.ts';
import jsReact from './javascript/react.ts';
import jsReactRouter from './javascript/react-router.ts';
import jsRemix from './javascript/remix.ts';
import jsSandboxes from './javascript/sandboxes.ts';
import jsSanitizers from './javascript/sanitizers.ts';
import jsSequelize from './javascript/sequelize.ts';
import jsSerializers from './javascript/serializers.ts';
import jsSessions from './javascript/sessions.ts';
import jsSqlClients from './javascript/sql-clients.ts';
import jsSveltekit from './javascript/sveltekit.ts';
import jsTemplateEngines from './javascript/template-engines.ts';
import jsTypeorm from './javascript/typeorm.ts';
import jsUploads from './javascript/uploads.ts';
import jsVue from './javascript/vue.ts';
import jsXpath from './javascript/xpath.ts';
import type { ModelSpec } from './schema.ts';

/** Every built-in model, by language then library. Each file is data only (see schema.ts). */
export const BUILTIN_MODELS: readonly ModelSpec[] = [
  // javascript + typescript
  jsAngular,
  jsAwsLambda,
  jsBrowser,
  jsBuiltins,
  jsCommandLine,
  jsDeepMerge,
  jsElectron,
  jsExpress,
  jsFastify,
  jsFsExtra,
  jsHapi,
  jsHono,
  jsHttpClients,
  jsJquery,
  jsJsYaml,
  jsJwt,
  jsKnex,
  jsKoa,
  jsLdapjs,
  jsLodash,
  jsLoggers,
  jsMongodb,
  jsNextjs,
  jsNode,
  jsPrisma,
  jsProcessLibraries,
  jsPuppeteer,
  jsReact,
  jsReactRouter,
  jsRemix,
  jsSandboxes,
  jsSanitizers,
  jsSequelize,
  jsSerializers,
  jsSessions,
  jsSqlClients,
  jsSveltekit,
  jsTemplateEngines,
  jsTypeorm,
  jsUploads,
  jsVue,
  jsXpath,
];
