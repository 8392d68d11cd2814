import { defineModel } from '../schema.ts';

/**
 * Loggers (SLF4J, Log4j 2, Logback, java.util.logging, Commons Logging, JBoss Logging): a message
 * built from untrusted data can forge log lines.
 */
export default defineModel({
  name: 'logging',
  language: 'java',
  sinks: [
    {
      call: ['*.info', '*.warn', '*.error', '*.debug', '*.trace', '*.fatal', '*.log', '*.severe', '*.warning', '*.fine', '*.finer', '*.finest', '*.config'],
      arg: 'all',
      class: 'log-injection',
      where: 'logger',
    },
  ],
});
