#!/usr/bin/env node
// The `secscan` command: runs the built CLI. A committed file rather than dist/cli.js itself, so that
// npm can link the command when it installs the workspace, before anything is built.
try {
  await import('../dist/cli.js');
} catch (error) {
  // Only the CLI's own build missing is worth a hint; anything else is a real error.
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.js')) {
    console.error('secscan: the CLI is not built yet; in a secscan checkout, run npm run build');
    process.exit(2);
  }
  throw error;
}
