/** Helpers shared by the language adapters. */

/** Removes one layer of matching quotes (and a string prefix like Python's `f`, `r`, `b` or C#'s `@`/`$`). */
export function stripQuotes(text: string): string {
  let s = text;
  let i = 0;
  while (i < s.length && i < 3 && /[A-Za-z@$]/.test(s[i] as string)) i++;
  if (i > 0 && (s[i] === '"' || s[i] === "'" || s[i] === '`')) s = s.slice(i);
  for (const q of ['"""', "'''"]) {
    if (s.length >= 6 && s.startsWith(q) && s.endsWith(q)) return s.slice(3, -3);
  }
  const first = s[0];
  if (s.length >= 2 && (first === '"' || first === "'" || first === '`') && s.endsWith(first)) return s.slice(1, -1);
  return s;
}

/** Whether a name reads like it holds a secret (password, token, API key, …). */
export const SECRET_NAME =
  /(?:passw(?:or)?d|passwd|pwd|secret|token|api_?key|apikey|access_?key|private_?key|client_?secret|auth|credential|session_?key|signing_?key|encryption_?key|salt|nonce|otp)/i;

/** Lower-case words of a text (letters and underscores), in order. Linear. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z_]+/g) ?? [];
}

/**
 * Whether text reads like SQL: a statement keyword with its partner (`select … from`,
 * `insert into`, `update … set`, `delete from`) or a `where` clause. Used to tell `db.query(sql)`
 * from `router.query(x)` when the receiver's name does not say.
 */
export function looksLikeSql(text: string): boolean {
  const w = new Set(words(text));
  return (
    (w.has('select') && (w.has('from') || w.has('where'))) ||
    (w.has('insert') && w.has('into')) ||
    (w.has('update') && w.has('set')) ||
    (w.has('delete') && w.has('from')) ||
    (w.has('replace') && w.has('into')) ||
    w.has('where') ||
    (w.has('order') && w.has('by')) ||
    (w.has('create') && w.has('table')) ||
    (w.has('drop') && w.has('table')) ||
    (w.has('exec') && w.has('sp_executesql'))
  );
}

/** Receiver names that hold a database handle. */
export const DB_RECEIVER =
  /^(?:db|_db|database|conn|_conn|connection|client|pool|pg|pgp|mysql|mssql|sql|sqlite|sqlite3|knex|sequelize|con|cnx|tx|trx|transaction|manager|em|entityManager|queryRunner|dataSource|repository|repo|prisma|cursor|cur|c|stmt|statement|session|engine|dbh|sth|pdo|mysqli|wpdb|DB|db_conn|dbConn|dbConnection|connectionPool|sqlClient|orm|model)$/i;

/** Programs that fetch the URLs they are given: run on a user URL, the server makes the request. */
export const URL_FETCHERS = new Set([
  'curl',
  'wget',
  'wkhtmltopdf',
  'wkhtmltoimage',
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'chrome',
  'headless_shell',
  'phantomjs',
  'aria2c',
  'http',
  'https',
  'xh',
  'lynx',
  'w3m',
  'youtube-dl',
  'yt-dlp',
  'ffmpeg',
  'ffprobe',
  'httrack',
]);
