import { defineModel } from '../schema.ts';

/**
 * The standard library: what a program reads from its own process (argv, environment, stdin, sockets,
 * CGI forms, archive listings), the builtins and modules that run commands and code, open files, load
 * pickles, fetch URLs, compile regexes and import modules by name, the DB-API cursor methods every
 * driver implements (sqlite3, psycopg, PyMySQL, …), and the conversions and escapes that make data safe.
 */
export default defineModel({
  name: 'stdlib',
  language: 'python',
  sources: [
    // http.server handlers read the request body from rfile; CGI scripts get the form from FieldStorage.
    { path: ['self.rfile', 'cgi.FieldStorage()'], kind: 'remote' },
    // Raw sockets: whatever the peer sends.
    { path: ['*.recv()', '*.recvfrom()', '*.makefile()'], kind: 'remote' },
    // Member names of an archive that came from outside (zip slip when extracted by hand).
    { path: ['*.namelist()', '*.getnames()', '*.infolist()', '*.getmembers()'], kind: 'remote' },
    { path: ['sys.argv', 'sys.stdin', 'input()', 'raw_input()', 'fileinput.input()'], kind: 'local' },
    { path: ['os.environ', 'os.getenv()', 'os.environb'], kind: 'local' },
    // argparse: `args = parser.parse_args()`.
    { path: ['**.parse_args()', '**.parse_known_args()'], kind: 'local' },
  ],
  sinks: [
    // Commands through a shell.
    {
      call: [
        'os.system',
        'os.popen',
        'os.popen2',
        'os.popen3',
        'os.popen4',
        'commands.getoutput',
        'commands.getstatusoutput',
        'subprocess.getoutput',
        'subprocess.getstatusoutput',
        'asyncio.create_subprocess_shell',
        'asyncio.subprocess.create_subprocess_shell',
        'pty.spawn',
        'popen2.popen2',
        'platform.popen',
      ],
      class: 'command-injection',
      // A shell command line that is not a constant is reported whatever feeds it (low confidence).
      audit: true,
    },
    // asyncio event loops: `loop.subprocess_shell(protocol_factory, cmd)`.
    { call: '*.subprocess_shell', arg: 1, keyword: 'cmd', class: 'command-injection', audit: true },
    // subprocess: an argument vector is only dangerous with shell=True, an untrusted program, or `sh -c <input>`.
    {
      call: ['subprocess.run', 'subprocess.call', 'subprocess.Popen', 'subprocess.check_call', 'subprocess.check_output'],
      arg: 0,
      keyword: 'args',
      class: 'command-injection',
      where: 'shell-command',
      audit: true,
    },
    {
      call: [
        'os.execl',
        'os.execle',
        'os.execlp',
        'os.execlpe',
        'os.execv',
        'os.execve',
        'os.execvp',
        'os.execvpe',
        'os.spawnl',
        'os.spawnle',
        'os.spawnlp',
        'os.spawnlpe',
        'os.spawnv',
        'os.spawnve',
        'os.spawnvp',
        'os.spawnvpe',
        'asyncio.create_subprocess_exec',
        'asyncio.subprocess.create_subprocess_exec',
        'os.posix_spawn',
        'os.posix_spawnp',
      ],
      arg: 'all',
      class: 'command-injection',
    },
    // The same, whatever feeds them, when the program or what a shell is told to run is not fixed (low confidence).
    {
      call: [
        'os.execl',
        'os.execle',
        'os.execlp',
        'os.execlpe',
        'os.execv',
        'os.execve',
        'os.execvp',
        'os.execvpe',
        'os.spawnl',
        'os.spawnle',
        'os.spawnlp',
        'os.spawnlpe',
        'os.spawnv',
        'os.spawnve',
        'os.spawnvp',
        'os.spawnvpe',
        'asyncio.create_subprocess_exec',
        'asyncio.subprocess.create_subprocess_exec',
        'os.posix_spawn',
        'os.posix_spawnp',
        '*.subprocess_exec',
      ],
      arg: 'all',
      class: 'command-injection',
      where: 'exec-program',
      audit: true,
    },
    // Code.
    {
      call: ['eval', 'exec', 'execfile', 'builtins.eval', 'builtins.exec', '__builtins__.eval', '__builtins__.exec'],
      arg: 0,
      keyword: ['source', 'expression'],
      class: 'code-injection',
      audit: true,
    },
    { call: ['compile', 'builtins.compile'], arg: 0, keyword: 'source', class: 'code-injection' },
    {
      call: ['code.InteractiveInterpreter().runsource', 'code.InteractiveConsole().push', '*.runsource', 'timeit.timeit', 'timeit.repeat'],
      arg: 0,
      keyword: ['stmt', 'source'],
      class: 'code-injection',
    },
    // Interpreters of the `code` module, sub-interpreters and CPython's test hooks run source text (audited whatever feeds them).
    { call: ['*.{push,runsource,runcode}'], arg: 0, keyword: 'source', class: 'code-injection', where: 'interactive-console', audit: true },
    {
      call: ['code.compile_command', '_testcapi.run_in_subinterp', 'test.support.run_in_subinterp', '*.support.run_in_subinterp'],
      arg: 0,
      keyword: 'source',
      class: 'code-injection',
      audit: true,
    },
    { call: ['_xxsubinterpreters.run_string', '_interpreters.run_string', 'interpreters.run_string'], arg: 1, class: 'code-injection', audit: true },
    // exec / eval handed to an executor with the code to run.
    { call: '*.run_in_executor', arg: 2, class: 'code-injection', where: 'runs-code-builtin', audit: true },
    { call: '*.{submit,apply_async}', arg: 1, class: 'code-injection', where: 'runs-code-builtin', audit: true },
    // Files.
    {
      call: [
        'open',
        'builtins.open',
        'io.open',
        'codecs.open',
        'os.open',
        'os.remove',
        'os.unlink',
        'os.rmdir',
        'os.removedirs',
        'os.listdir',
        'os.scandir',
        'os.truncate',
        'os.chmod',
        'os.chown',
        'shutil.rmtree',
        'fileinput.input',
      ],
      arg: 0,
      keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
    {
      call: ['os.rename', 'os.renames', 'os.replace', 'os.link', 'os.symlink', 'shutil.copy', 'shutil.copy2', 'shutil.copyfile', 'shutil.copytree', 'shutil.move'],
      arg: [0, 1],
      keyword: ['src', 'dst'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
    {
      call: ['*.read_text', '*.read_bytes', '*.write_text', '*.write_bytes', '*.unlink', '*.rmdir', '*.touch', '*.iterdir', '*.open', '*.rename', '*.replace', '*.rglob', '*.glob'],
      receiver: true,
      class: 'path-traversal',
      where: 'pathlib-path',
      label: 'a pathlib.Path method',
    },
    // Deserialization.
    {
      call: ['pickle.{loads,load,Unpickler}', 'cPickle.{loads,load,Unpickler}', '_pickle.{loads,load,Unpickler}', 'pickle5.{loads,load}', 'marshal.{loads,load}', 'shelve.open'],
      arg: 0,
      keyword: ['data', 'file', 'filename'],
      class: 'unsafe-deserialization',
      // Unpickling runs code from the data: any data that is not a constant is reported (low confidence).
      audit: true,
    },
    // URLs.
    {
      call: [
        'urllib.request.urlopen',
        'urllib.request.urlretrieve',
        'urllib2.urlopen',
        'urllib.urlopen',
        'urllib.urlretrieve',
        'http.client.HTTPConnection',
        'http.client.HTTPSConnection',
        'httplib.HTTPConnection',
        'httplib.HTTPSConnection',
      ],
      arg: 0,
      keyword: ['url', 'fullurl', 'host'],
      class: 'ssrf',
      where: 'unpinned-url',
    },
    // Regular expressions.
    { call: 're.{compile,match,search,fullmatch,findall,finditer,sub,subn,split}', arg: 0, keyword: 'pattern', class: 'regex-injection' },
    // Modules and attributes by name.
    {
      call: ['importlib.import_module', '__import__', 'builtins.__import__', 'importlib.__import__', 'pydoc.locate'],
      arg: 0,
      keyword: ['name', 'dotted_path', 'import_name'],
      class: 'unsafe-reflection',
    },
    { call: 'getattr', arg: 1, class: 'unsafe-reflection', where: 'free-attribute' },
    // `globals().get(name)`: any function or class of the module, chosen by the caller.
    { call: ['globals().get', 'locals().get', 'vars().get'], arg: 0, class: 'unsafe-reflection', label: 'a lookup in the module namespace' },
    { call: 'setattr', arg: 1, class: 'mass-assignment', where: 'setattr-from-request', label: 'setattr' },
    // ElementTree's find/findall take a (limited) XPath.
    { call: ['*.find', '*.findall', '*.iterfind', '*.findtext'], arg: 0, keyword: ['path', 'match'], class: 'xpath-injection', where: 'element-path' },
    // logging: request data written raw into audit-relevant log lines.
    { call: '*.{debug,info,warning,warn,error,critical,exception,log}', arg: 'all', class: 'log-injection', where: 'raw-log-line' },
    // DB-API (PEP 249) cursors and connections, and the names drivers and wrappers give the same thing.
    {
      call: ['*.execute', '*.executemany', '*.executescript', '*.query', '*.raw_query', '*.run_sql'],
      arg: 0,
      keyword: ['sql', 'query', 'statement', 'operation'],
      class: 'sql-injection',
      where: 'db-call',
    },
    // SQL assembled by formatting a non-constant value into the text, whatever feeds it (low confidence).
    {
      call: ['*.execute', '*.executemany', '*.executescript', '*.query', '*.raw_query', '*.run_sql'],
      arg: 0,
      keyword: ['sql', 'query', 'statement', 'operation'],
      class: 'sql-injection',
      where: 'formatted-sql',
      audit: true,
    },
  ],
  sanitizers: [
    // Numbers, dates, ids and type tests carry no text.
    {
      call: [
        'int',
        'float',
        'bool',
        'len',
        'abs',
        'round',
        'hash',
        'ord',
        'complex',
        'math.*',
        'decimal.Decimal',
        'Decimal',
        'uuid.UUID',
        'UUID',
        'datetime.*',
        'date.*',
        'datetime.datetime.*',
        'datetime.date.*',
        'id',
        'isinstance',
        'hasattr',
        'callable',
        'type',
        'ipaddress.ip_address',
        'ipaddress.ip_network',
      ],
      class: 'all',
    },
    // What a fetch returns is that service's data, not the input that chose it.
    { call: 'urllib.request.urlopen', class: 'all' },
    { call: ['shlex.quote', 'pipes.quote', 'shlex.join', 'quote'], class: 'command-injection' },
    // HTML escaping (and the names projects give their own escaping helpers).
    {
      call: ['html.escape', 'cgi.escape', 'xml.sax.saxutils.escape', 'saxutils.escape', 'escape', 'sanitize', 'escape_html', 'html_escape', 'json.dumps'],
      class: ['xss', 'xpath-injection'],
    },
    // quote() keeps "/" (so `../` and `//host` survive); quote_plus() and urlencode() encode it too.
    { call: ['urllib.parse.quote', 'urllib.quote'], class: ['xss', 'command-injection', 'header-injection', 'ldap-injection', 'sql-injection'] },
    {
      call: ['urllib.parse.quote_plus', 'urllib.quote_plus', 'quote_plus', 'urllib.parse.urlencode', 'urlencode', 'urllib.urlencode'],
      class: ['xss', 'command-injection', 'header-injection', 'ssrf', 'open-redirect', 'path-traversal', 'ldap-injection', 'sql-injection'],
    },
    { call: ['os.path.basename', 'basename', 'ntpath.basename', 'posixpath.basename'], class: 'path-traversal' },
    { call: 're.escape', class: 'regex-injection' },
    // A string is never a query operator object.
    { call: 'str', class: 'nosql-injection' },
  ],
});
