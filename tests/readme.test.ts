/** The README states what is true: every configuration variable with its real default, and the commands it promises. */
import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES } from '@secscan/http/server';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/servers.ts';

const readme = readFileSync(`${ROOT}README.md`, 'utf8');
const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('README', () => {
  it('documents every environment variable with its default', () => {
    for (const variable of CONFIG_VARIABLES) {
      expect(readme).toContain(`| \`${variable.name}\` | \`${variable.default}\` | ${variable.description} |`);
    }
  });

  it('promises only npm scripts that exist', () => {
    for (const [, script] of readme.matchAll(/npm (?:run )?([a-z:]+)/g)) {
      if (script === 'install') continue;
      expect(scripts, `npm ${script}`).toHaveProperty(script ?? '');
    }
  });
});
