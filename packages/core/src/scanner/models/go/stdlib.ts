import { defineModel } from '../schema.ts';

/**
 * The Go standard library outside net/http and the template packages: the command line, the
 * environment and standard input as local sources, archive entries, the file system, processes,
 * plain-text logs and raw network dials as sinks, and the parsers and escapers that make a value safe.
 */
export default defineModel({
  name: 'stdlib',
  language: 'go',
  description: 'os, os/exec, syscall, io, fmt, flag, log, net, archive/zip, archive/tar, strconv, path/filepath, html, net/url.',
  sources: [
    { path: ['os.Args', 'os.Stdin'], kind: 'local' },
    { call: ['os.Getenv', 'os.LookupEnv', 'os.Environ', 'syscall.Getenv'], kind: 'environment' },
    { call: ['flag.{String,Arg,Args}', 'flag.CommandLine.{Arg,Args}'], kind: 'local' },
    { call: 'flag.StringVar', into: 0, kind: 'local' },
    { call: ['fmt.Scan', 'fmt.Scanln'], into: 0, kind: 'local' },
    { call: ['fmt.Scan', 'fmt.Scanln', 'fmt.Scanf'], into: 1, kind: 'local' },
    { call: 'fmt.Scanf', into: 2, kind: 'local' },
    // Archive entries: their names are chosen by whoever made the archive (Zip Slip).
    { call: ['zip.OpenReader', 'zip.NewReader', 'tar.NewReader'], kind: 'remote' },
  ],
  sinks: [
    { call: 'os.{Open,OpenFile,ReadFile,WriteFile,Create,Remove,RemoveAll,ReadDir,Truncate,Chown,Lchown,DirFS}', class: 'path-traversal' },
    { call: 'os.{Mkdir,MkdirAll,Chmod,Chtimes}', class: 'path-traversal', where: 'not-archive-directory' },
    { call: 'os.{Rename,Symlink,Link}', arg: [0, 1], class: 'path-traversal' },
    { call: 'ioutil.{ReadFile,WriteFile,ReadDir}', class: 'path-traversal' },
    // golang.org/x/sys/execabs is a drop-in replacement for os/exec.
    { call: '{exec,execabs}.Command', arg: 'all', class: 'command-injection', where: 'command-vector' },
    { call: '{exec,execabs}.CommandContext', arg: 'all', class: 'command-injection', where: 'command-vector-after-context' },
    { call: '{exec,execabs}.Command', arg: 'all', class: 'command-injection', where: 'shell-on-parameter', audit: true },
    { call: '{exec,execabs}.CommandContext', arg: 'all', class: 'command-injection', where: 'shell-on-parameter-after-context', audit: true },
    { call: '{exec,execabs}.Command', arg: 0, class: 'command-injection', where: 'program-from-environment', audit: true },
    { call: '{exec,execabs}.CommandContext', arg: 1, class: 'command-injection', where: 'program-from-environment-after-context', audit: true },
    { call: ['syscall.{Exec,ForkExec,StartProcess}', 'os.StartProcess'], arg: [0, 1], class: 'command-injection', where: 'exec-vector' },
    { call: ['syscall.{Exec,ForkExec,StartProcess}', 'os.StartProcess'], arg: 0, class: 'command-injection', where: 'raw-program-from-outside', audit: true },
    { call: 'io.{WriteString,Copy}', arg: 1, class: 'xss', where: 'response-write-string' },
    { call: 'fmt.{Fprintf,Fprint,Fprintln}', arg: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], class: 'xss', where: 'response-print' },
    { call: ['net.{Dial,DialTimeout}', 'tls.Dial', 'tls.DialWithDialer'], arg: 1, class: 'ssrf' },
    { call: 'log.{Print,Printf,Println,Fatal,Fatalf,Fatalln,Panic,Panicf,Panicln}', arg: 'all', class: 'log-injection', where: 'audit-log-line' },
    { call: '*.{Print,Printf,Println}', arg: 'all', class: 'log-injection', where: 'audit-log-line-on-logger' },
  ],
  sanitizers: [
    {
      call: [
        'strconv.{Atoi,ParseInt,ParseUint,ParseFloat,ParseBool,ParseComplex,Itoa,FormatInt,FormatUint,FormatFloat,FormatBool}',
        'time.{Parse,ParseDuration,ParseInLocation}',
        'net.{ParseIP,ParseCIDR}',
        'netip.{ParseAddr,ParseAddrPort,ParsePrefix}',
        'hex.EncodeToString',
        'utf8.RuneCountInString',
        'math.*',
      ],
      class: 'all',
    },
    { call: ['html.EscapeString', 'json.{Marshal,MarshalIndent}', 'xml.EscapeText'], class: 'xss' },
    {
      call: 'url.{QueryEscape,PathEscape}',
      class: ['xss', 'path-traversal', 'command-injection', 'open-redirect', 'ssrf', 'header-injection', 'ldap-injection', 'xpath-injection', 'log-injection'],
    },
    { call: ['filepath.{Base,Ext,CleanRooted}', 'path.{Base,Ext,CleanRooted}'], class: 'path-traversal' },
    { call: 'strconv.{Quote,QuoteToASCII}', class: ['log-injection', 'header-injection'] },
  ],
});
