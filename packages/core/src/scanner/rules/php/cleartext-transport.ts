import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  languages: ['php'],
  message: 'Plain FTP sends the login and every file unencrypted',
  remediation: 'Transfer files over SFTP (`ssh2_sftp()`, phpseclib `SFTP`) or FTPS (`ftp_ssl_connect()`), never plain FTP.',
  references: ['https://cwe.mitre.org/data/definitions/319.html', 'https://www.php.net/manual/en/function.ftp-ssl-connect.php'],
  // `ftp_connect()` opens a plain FTP session (`ftp_ssl_connect()` does not); the login is reported once, where the session opens.
  matcher: { kind: 'call', callee: ['ftp_connect'] },
});
