#!/usr/bin/env node
/**
 * scripts/db-migrate.js
 *
 * Thin wrapper around `psql` used by CI and on developer machines:
 *
 *   node scripts/db-migrate.js up            # apply pending migrations
 *   node scripts/db-migrate.js status        # list applied migrations
 *   node scripts/db-migrate.js new add_index # create a new migration file
 */
'use strict';

const { spawnSync, execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');
const DATABASE_URL = process.env.DATABASE_URL;

function die(msg, code = 1) {
  console.error(`db-migrate: ${msg}`);
  process.exit(code);
}

function psql(args, input) {
  const result = spawnSync('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', DATABASE_URL, ...args], {
    input,
    encoding: 'utf8',
    stdio: input ? ['pipe', 'pipe', 'inherit'] : ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) die(`psql exited with ${result.status}`);
  return result.stdout;
}

function applied() {
  psql(['-c', 'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz DEFAULT now())']);
  const out = psql(['-At', '-c', 'SELECT name FROM schema_migrations ORDER BY name']);
  return new Set(out.split('\n').filter(Boolean));
}

function pending() {
  const done = applied();
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .filter((f) => !done.has(f));
}

function up() {
  const todo = pending();
  if (todo.length === 0) return console.log('nothing to migrate');
  for (const file of todo) {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    console.log(`applying ${file}`);
    psql(['-1', '-v', `migration_name=${file}`, '-f', '-'], `${sql}\nINSERT INTO schema_migrations (name) VALUES (:'migration_name');\n`);
  }
}

function status() {
  const done = applied();
  for (const f of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    console.log(`${done.has(f) ? '[x]' : '[ ]'} ${f}`);
  }
}

function create(name) {
  if (!/^[a-z0-9_]{3,60}$/.test(name || '')) die('migration name must match [a-z0-9_]{3,60}');
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const file = path.join(MIGRATIONS_DIR, `${stamp}_${name}.sql`);
  fs.writeFileSync(file, `-- ${name}\nBEGIN;\n\nCOMMIT;\n`, { flag: 'wx' });
  const author = execFileSync('git', ['config', 'user.name'], { encoding: 'utf8' }).trim();
  console.log(`created ${path.relative(process.cwd(), file)} (${author})`);
}

function main(argv) {
  if (!DATABASE_URL && argv[0] !== 'new') die('DATABASE_URL is not set');
  switch (argv[0]) {
    case 'up':
      return up();
    case 'status':
      return status();
    case 'new':
      return create(argv[1]);
    default:
      die('usage: db-migrate.js <up|status|new NAME>', 2);
  }
}

main(process.argv.slice(2));
