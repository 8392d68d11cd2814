/** The languages secscan scans; `generic` is any text and gets the secret detectors only. */
export const LANGUAGES = ['c', 'cpp', 'csharp', 'generic', 'go', 'java', 'javascript', 'php', 'python', 'ruby', 'typescript'] as const;

/** A canonical language id. */
export type LanguageId = (typeof LANGUAGES)[number];

/** The tree-sitter grammars the scanner can load (one `.wasm` each). */
export const GRAMMARS = ['c', 'c_sharp', 'cpp', 'go', 'java', 'javascript', 'php', 'php_only', 'python', 'ruby', 'tsx', 'typescript'] as const;

/** The name of a tree-sitter grammar. */
export type GrammarName = (typeof GRAMMARS)[number];

const ALIASES: Readonly<Record<string, LanguageId>> = {
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  csharp: 'csharp',
  'c#': 'csharp',
  cs: 'csharp',
  dotnet: 'csharp',
  generic: 'generic',
  text: 'generic',
  plaintext: 'generic',
  env: 'generic',
  dotenv: 'generic',
  yaml: 'generic',
  yml: 'generic',
  json: 'generic',
  properties: 'generic',
  ini: 'generic',
  toml: 'generic',
  xml: 'generic',
  config: 'generic',
  shell: 'generic',
  sh: 'generic',
  bash: 'generic',
  dockerfile: 'generic',
  terraform: 'generic',
  hcl: 'generic',
  go: 'go',
  golang: 'go',
  java: 'java',
  javascript: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  nodejs: 'javascript',
  ecmascript: 'javascript',
  php: 'php',
  php5: 'php',
  php7: 'php',
  php8: 'php',
  python: 'python',
  py: 'python',
  python3: 'python',
  py3: 'python',
  ruby: 'ruby',
  rb: 'ruby',
  typescript: 'typescript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
};

const EXTENSIONS: Readonly<Record<string, LanguageId>> = {
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  'c++': 'cpp',
  hh: 'cpp',
  hpp: 'cpp',
  hxx: 'cpp',
  ipp: 'cpp',
  cs: 'csharp',
  csx: 'csharp',
  go: 'go',
  java: 'java',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  php: 'php',
  phtml: 'php',
  php5: 'php',
  php7: 'php',
  php8: 'php',
  py: 'python',
  pyw: 'python',
  pyi: 'python',
  rb: 'ruby',
  rake: 'ruby',
  gemspec: 'ruby',
  ru: 'ruby',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  env: 'generic',
  yml: 'generic',
  yaml: 'generic',
  json: 'generic',
  properties: 'generic',
  ini: 'generic',
  toml: 'generic',
  conf: 'generic',
  cfg: 'generic',
  cnf: 'generic',
  xml: 'generic',
  txt: 'generic',
  pem: 'generic',
  key: 'generic',
  tf: 'generic',
  tfvars: 'generic',
  hcl: 'generic',
  sh: 'generic',
  bash: 'generic',
  zsh: 'generic',
  ps1: 'generic',
  gradle: 'generic',
  sql: 'generic',
  md: 'generic',
};

/** Whole file names (lower-cased) that tell the language on their own. */
const FILENAMES: Readonly<Record<string, LanguageId>> = {
  '.env': 'generic',
  dockerfile: 'generic',
  'docker-compose.yml': 'generic',
  '.npmrc': 'generic',
  '.pypirc': 'generic',
  '.netrc': 'generic',
  '.git-credentials': 'generic',
  rakefile: 'ruby',
  gemfile: 'ruby',
  guardfile: 'ruby',
  vagrantfile: 'ruby',
};

/** A table's own entry for `key`; never an inherited member such as `__proto__` or `constructor`. */
function lookUp(table: Readonly<Record<string, LanguageId>>, key: string): LanguageId | null {
  return Object.hasOwn(table, key) ? (table[key] ?? null) : null;
}

/** Resolves a user-supplied language name or alias (case-insensitive) to a canonical id, or null. */
export function resolveLanguage(name: string): LanguageId | null {
  return lookUp(ALIASES, name.trim().toLowerCase());
}

/** The base name of a path with either separator; never touches a file system. */
function baseName(filename: string): string {
  const cut = Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'));
  return filename.slice(cut + 1).toLowerCase();
}

/** Infers the language from a file name's extension (or a well-known file name), or null. */
export function inferLanguage(filename: string): LanguageId | null {
  const base = baseName(filename);
  const known = lookUp(FILENAMES, base);
  if (known) return known;
  if (base.startsWith('.env')) return 'generic';
  const dot = base.lastIndexOf('.');
  if (dot < 0) return null;
  return lookUp(EXTENSIONS, base.slice(dot + 1));
}

/** Picks the language of a scan: the explicit one wins; otherwise inference from the file name. */
export function chooseLanguage(language: string | undefined, filename: string | undefined): LanguageId | null {
  if (language !== undefined) return resolveLanguage(language);
  if (filename !== undefined) return inferLanguage(filename);
  return null;
}

/** Every accepted alias of every language, for error messages and documentation. */
export function languageAliases(): Readonly<Record<string, LanguageId>> {
  return ALIASES;
}
