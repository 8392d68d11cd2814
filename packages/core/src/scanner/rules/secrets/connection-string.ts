import type { SecretHit } from '../../rule.ts';
import type { Confidence } from '../../types.ts';
import { STOP, eachMatch, finishHits, hasTemplateMarker, isCodeExpression, valueHit } from '../../secrets/detect.ts';
import { MAX_HITS_PER_RULE, defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { isPlaceholder } from '../../secrets/credentials.ts';

// Database and broker URLs carry `user:password@` after `://`; the scheme is read backwards in code.
const SCHEME_SEP = /:\/\//g;
// ADO.NET / ODBC connection strings: `Password=…;` / `Pwd=…;` next to `Server=` / `Data Source=` / `User Id=`.
// Keys and `=` are written without spaces in real connection strings; code (`password = x`) has them.
const ADO_PASSWORD = /(?:password|pwd)=/gi;
const ADO_CONTEXT = /(?:^|[;"'`\s])(?:server|data source|host|address|addr|network address)=[^;\s]/i;

const SCHEMES = new Set([
  'postgres',
  'postgresql',
  'mysql',
  'mysql2',
  'mysqlx',
  'mariadb',
  'mongodb',
  'mongodb+srv',
  'redis',
  'rediss',
  'valkey',
  'amqp',
  'amqps',
  'mssql',
  'sqlserver',
  'oracle',
  'cockroachdb',
  'clickhouse',
  'neo4j',
  'neo4j+s',
  'bolt',
  'couchdb',
  'cassandra',
  'db2',
  'snowflake',
  'memcached',
  'nats',
  'kafka',
  'mqtt',
  'mqtts',
  'ldap',
  'ldaps',
]);
/** Web, file-transfer, mail and source-control URLs: `https://deploy:s3cret@host/…` carries a password just the same. */
const URL_SCHEMES = new Set([
  'http',
  'https',
  'ftp',
  'ftps',
  'sftp',
  'ssh',
  'scp',
  'smtp',
  'smtps',
  'imap',
  'imaps',
  'pop3',
  'pop3s',
  'git',
  'git+ssh',
  'git+https',
  'svn',
  'svn+ssh',
  'ws',
  'wss',
  'socks5',
  'socks5h',
  'socks4',
  'webdav',
  'webdavs',
  'rsync',
  'sip',
  'xmpp',
]);

// Stand-ins seen in documentation and templates (compared case-insensitively).
const PLACEHOLDER_PASSWORDS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'changeme',
  'change_me',
  'mypassword',
  'yourpassword',
  'your_password',
  'pw',
  'p@ssw0rd',
  'p@ssword',
  'example',
  'test',
  'dummy',
  'placeholder',
  'redacted',
  'xxx',
  'xxxx',
  'xxxxx',
  'xxxxxx',
  'xxxxxxxx',
  '****',
  'user',
  'username',
  'guest',
  'hunter2',
  'dbpassword',
  'db_password',
  'db_pass',
  'dbpass',
  'postgres_password',
  'mysql_password',
  'admin_password',
]);

/** Documented default passwords of database and broker container images. */
const IMAGE_DEFAULT_PASSWORDS = new Set(['postgres', 'postgresql', 'root', 'mysql', 'mariadb', 'mongo', 'mongodb', 'redis', 'rabbitmq', 'guest', 'neo4j', 'clickhouse']);

const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|host\.docker\.internal)(?::\d+)?$/i;

/** Whether a password read from a connection string is a real value, not a template or a documentation stand-in. */
function isRealPassword(password: string, user: string): boolean {
  if (password.length < 3 || password.length > 256) return false;
  if ('$%{<[('.includes(password.charAt(0)) || hasTemplateMarker(password) || password.endsWith('%s')) return false; // ${VAR}, $VAR, {pw}, %(pw)s, <password>, $(VAR)
  if (isPlaceholder(password) || PLACEHOLDER_PASSWORDS.has(password.toLowerCase())) return false;
  if (password.toLowerCase() === user.toLowerCase()) return false; // postgres:postgres, guest:guest: defaults of local images
  return true;
}

function schemeBefore(text: string, sep: number): { scheme: string; start: number } | null {
  let i = sep;
  const limit = Math.max(0, sep - 32);
  while (i > limit) {
    const c = text.charCodeAt(i - 1);
    const ok = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 43 || c === 58 || c === 46 || c === 45;
    if (!ok) break;
    i--;
  }
  let scheme = text.slice(i, sep).toLowerCase();
  let start = i;
  if (scheme.startsWith('jdbc:')) {
    // jdbc:postgresql://, jdbc:mysql://, jdbc:sqlserver://, jdbc:oracle:thin:@//…
    const inner = scheme.slice(5).split(':')[0] ?? '';
    return inner.length > 0 ? { scheme: inner, start } : null;
  }
  const colon = scheme.lastIndexOf(':');
  if (colon >= 0) {
    start += colon + 1;
    scheme = scheme.slice(colon + 1);
  }
  if (SCHEMES.has(scheme) || URL_SCHEMES.has(scheme)) return { scheme, start };
  // SQLAlchemy's `dialect+driver://`: postgresql+psycopg2, mysql+pymysql, mssql+pyodbc, oracle+cx_oracle.
  const plus = scheme.indexOf('+');
  return plus > 0 && SCHEMES.has(scheme.slice(0, plus)) ? { scheme: scheme.slice(0, plus), start } : null;
}

function isUrlChar(c: number): boolean {
  // Everything up to whitespace, quotes, backticks, and the delimiters code puts around a URL.
  return c > 32 && c !== 34 && c !== 39 && c !== 96 && c !== 60 && c !== 62 && c !== 41 && c !== 93 && c !== 125 && c !== 44 && c < 0x7f;
}

function detectUrls(text: string, hits: SecretHit[]): void {
  eachMatch(text, SCHEME_SEP, (m) => {
    if (hits.length >= MAX_HITS_PER_RULE) return STOP;
    const sep = m.index;
    const found = schemeBefore(text, sep);
    if (!found) return;
    const authStart = sep + 3;
    // The URL runs to whitespace, a quote or a delimiter (bounded).
    let urlEnd = authStart;
    while (urlEnd < text.length && urlEnd - authStart < 2048 && isUrlChar(text.charCodeAt(urlEnd))) urlEnd++;
    const url = text.slice(authStart, urlEnd);
    // userinfo ends at the last `@` before the path (passwords sometimes contain a raw `@`).
    const pathStart = url.search(/[/?#]/);
    const authority = pathStart < 0 ? url : url.slice(0, pathStart);
    const at = authority.lastIndexOf('@');
    let reported = false;
    if (at > 0) {
      const userinfo = authority.slice(0, at);
      const colon = userinfo.indexOf(':');
      if (colon >= 0) {
        const user = userinfo.slice(0, colon);
        const password = userinfo.slice(colon + 1);
        const host = authority.slice(at + 1).split(',')[0] ?? '';
        // A local database reached with its image's default password (`postgres://app:postgres@localhost/app_test`,
        // `mysql://app:root@127.0.0.1/app`): a throwaway dev or CI container, not a leaked credential.
        const imageDefault = LOCAL_HOST.test(host) && IMAGE_DEFAULT_PASSWORDS.has(safeDecode(password).toLowerCase());
        if (!imageDefault && isRealPassword(safeDecode(password), user)) {
          const secretStart = authStart + colon + 1;
          const confidence: Confidence = LOCAL_HOST.test(host) ? 'low' : 'high';
          const what = URL_SCHEMES.has(found.scheme) ? `${found.scheme} URL with a password` : `${found.scheme} connection string with a password`;
          hits.push(valueHit(found.start, urlEnd, secretStart, secretStart + password.length, what, confidence));
          reported = true;
        }
      }
    }
    // JDBC and others pass the password as a parameter: `?user=app&password=…` or `;password=…`.
    if (!reported) {
      const param = /[?&;](?:password|pwd)=([^&;#]{1,256})/i.exec(url);
      if (param && param[1] !== undefined && isRealPassword(safeDecode(param[1]), '')) {
        const secretStart = authStart + param.index + param[0].length - param[1].length;
        hits.push(valueHit(found.start, urlEnd, secretStart, secretStart + param[1].length, `${found.scheme} connection string with a password`));
      }
    }
    return urlEnd;
  });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function detectAdo(text: string, hits: SecretHit[]): void {
  // Lines are tracked forwards as matches come in order, and each line is judged once: linear.
  let lineStart = 0;
  let nextNewline = text.indexOf('\n');
  let judgedLine = -1;
  let lineOk = false;
  eachMatch(text, ADO_PASSWORD, (m) => {
    if (hits.length >= MAX_HITS_PER_RULE) return STOP;
    while (nextNewline >= 0 && nextNewline < m.index) {
      lineStart = nextNewline + 1;
      nextNewline = text.indexOf('\n', lineStart);
    }
    const lineEnd = nextNewline < 0 ? text.length : nextNewline;
    const prev = m.index > 0 ? text.charCodeAt(m.index - 1) : 59;
    // The key starts a connection-string pair: after `;`, a quote, whitespace or the start of the line.
    if (!(m.index === lineStart || prev === 59 || prev === 34 || prev === 39 || prev === 32 || prev === 9 || prev === 96)) return;
    if (judgedLine !== lineStart) {
      judgedLine = lineStart;
      const line = text.slice(lineStart, lineEnd);
      lineOk = line.includes(';') && ADO_CONTEXT.test(line);
    }
    if (!lineOk) return;
    let valueStart = m.index + m[0].length;
    let valueEnd: number;
    if (text.charCodeAt(valueStart) === 39 && text.charCodeAt(valueStart - 1) === 61) {
      // Password='with;semicolons'
      valueStart++;
      const close = text.slice(valueStart, Math.min(lineEnd, valueStart + 256)).indexOf("'");
      if (close < 0) return;
      valueEnd = valueStart + close;
    } else {
      valueEnd = valueStart;
      while (valueEnd < lineEnd && valueEnd - valueStart < 256) {
        const c = text.charCodeAt(valueEnd);
        if (c === 59 || c === 34 || c === 39 || c === 96 || c === 13 || c === 60) break;
        valueEnd++;
      }
      while (valueEnd > valueStart && text.charCodeAt(valueEnd - 1) === 32) valueEnd--;
    }
    const value = text.slice(valueStart, valueEnd);
    if (!isRealPassword(value, '') || isCodeExpression(value)) return;
    hits.push(valueHit(m.index, valueEnd, valueStart, valueEnd, 'connection string with a password'));
  });
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  detectUrls(text, hits);
  detectAdo(text, hits);
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'connection-string',
  confidence: 'high',
  message: 'A database or message-broker connection string embeds a password.',
  remediation:
    "Change the database user's password (or drop the user) and check the server's logs for its use. Build the connection " +
    'string at run time from parts supplied by the environment or a secret manager (`DATABASE_URL` injected by the platform, ' +
    'ASP.NET Core user secrets / Key Vault, Spring Cloud Config with Vault), or use passwordless authentication (IAM database ' +
    `authentication, managed identities, client certificates). ${ROTATE_AND_MOVE}`,
  references: [
    'https://learn.microsoft.com/en-us/dotnet/framework/data/adonet/protecting-connection-information',
    'https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS',
  ],
  detect,
});
