import { defineModel } from '../schema.ts';

const LEVELS = '{log,info,warn,warning,error,debug,trace,fatal,verbose,silly,http,notice,crit,critical,alert,emerg}';

/** Loggers: the console, winston, pino, bunyan, log4js, debug, and any `logger`/`log` object with level methods. */
export default defineModel({
  name: 'loggers',
  language: ['javascript', 'typescript'],
  description: 'console and logger level methods as log-injection sinks for request text written raw into the message.',
  sinks: [
    { call: [`console.${LEVELS}`, `*.${LEVELS}`], arg: 'all', class: 'log-injection', where: 'log-message' },
    { call: ['debug()', 'debug'], arg: 'all', class: 'log-injection', where: 'log-message', imports: 'debug' },
  ],
});
