/**
 * The pre-commit hook, installed in a temp git repository: it blocks a commit that stages a
 * vulnerable file, lets a clean one through, and judges the staged content, not the working tree.
 */
import { chmod, copyFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEAN_JS, CLI_SOURCE, CONFIG_WITH_TOKEN, runProcess, SCRIPT_RUNTIMES, tempDir, VULNERABLE_JS, type ProcessResult } from '@secscan/cli/testing';

const HOOK = fileURLToPath(new URL('./pre-commit-hook.sh', import.meta.url));
const bun = SCRIPT_RUNTIMES.find((r) => r.name === 'bun');

let repo: string;

/** Environment of git and the hook: no user or system git config, a fixed identity, the CLI from this checkout. */
const ENV: Record<string, string> = {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  SECSCAN: `${bun?.command} ${CLI_SOURCE}`,
};

function git(...args: string[]): Promise<ProcessResult> {
  return runProcess('git', args, { cwd: repo, env: ENV });
}

function hook(): Promise<ProcessResult> {
  return runProcess('sh', [join(repo, '.git', 'hooks', 'pre-commit')], { cwd: repo, env: ENV });
}

beforeAll(async () => {
  repo = await tempDir('hook');
  expect((await git('init', '--quiet', '--initial-branch=main')).code).toBe(0);
  await copyFile(HOOK, join(repo, '.git', 'hooks', 'pre-commit'));
  await chmod(join(repo, '.git', 'hooks', 'pre-commit'), 0o755);
});

afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('examples/ci/pre-commit-hook.sh', () => {
  it('passes when nothing is staged', async () => {
    expect(await hook()).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('blocks a commit that stages a vulnerable file', async () => {
    await writeFile(join(repo, 'users.js'), VULNERABLE_JS);
    await git('add', 'users.js');
    const result = await hook();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('users.js:9:3 critical javascript.sql-injection');
    expect(result.stderr).toContain('secscan: commit blocked by the findings above.');
    // and git itself refuses the commit through the installed hook
    const commit = await git('commit', '--quiet', '-m', 'add users route');
    expect(commit.code).not.toBe(0);
    expect((await git('rev-parse', '--verify', '--quiet', 'HEAD')).code).not.toBe(0);
  });

  it('lets a clean file through, even when the working tree still has the vulnerable version', async () => {
    await writeFile(join(repo, 'users.js'), CLEAN_JS);
    await git('add', 'users.js');
    await writeFile(join(repo, 'users.js'), VULNERABLE_JS); // not staged: not part of this commit
    const result = await hook();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('No findings in 1 file scanned.\n');
    expect((await git('commit', '--quiet', '-m', 'add users route')).code).toBe(0);
  });

  it('passes when only deletions are staged', async () => {
    await git('rm', '--quiet', '--cached', 'users.js');
    expect(await hook()).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('blocks on a lower severity with SECSCAN_FAIL_ON and when the CLI cannot run', async () => {
    await writeFile(join(repo, 'config.yml'), CONFIG_WITH_TOKEN);
    await git('add', 'config.yml');
    expect((await runProcess('sh', [join(repo, '.git', 'hooks', 'pre-commit')], { cwd: repo, env: { ...ENV, SECSCAN_FAIL_ON: 'critical' } })).code).toBe(0);
    expect((await hook()).code).toBe(1); // the JWT detector is high
    const broken = await runProcess('sh', [join(repo, '.git', 'hooks', 'pre-commit')], { cwd: repo, env: { ...ENV, SECSCAN_FAIL_ON: 'severe' } });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('secscan: the scan did not complete (exit code 2); commit blocked.');
  });
});
