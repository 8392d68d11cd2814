import { defineModel } from '../schema.ts';

const FS = ['fs', 'fs.promises', 'fs/promises', 'fsPromises'];
const ONE_PATH =
  '{readFile,readFileSync,writeFile,writeFileSync,appendFile,appendFileSync,createReadStream,createWriteStream,unlink,unlinkSync,rm,rmSync,rmdir,rmdirSync,readdir,readdirSync,open,openSync,opendir,opendirSync,truncate,truncateSync,readlink,readlinkSync,chmod,chmodSync,lchown,chown}';
const TWO_PATHS = '{rename,renameSync,copyFile,copyFileSync,symlink,symlinkSync,link,linkSync,cp,cpSync}';

/** The Node.js standard library (imports are canonical without the `node:` prefix). */
export default defineModel({
  name: 'node',
  language: ['javascript', 'typescript'],
  description: 'Node.js core modules: child_process, fs, vm, http/https/net/tls, path, querystring; process.argv and stdin as local input.',
  sources: [{ path: ['process.argv', 'process.stdin'], kind: 'local' }],
  // readline: `rl.question('Name? ', (answer) => …)`.
  handlers: [
    {
      registration: ['{rl,readline,reader,lineReader,iface,cli,input,terminal,prompter}.question', '*.{rl,readline,reader,lineReader,iface,cli,input,terminal,prompter}.question'],
      parameters: [0],
      kind: 'local',
    },
  ],
  sinks: [
    { call: 'child_process.{exec,execSync}', class: 'command-injection', label: 'a shell' },
    // The program itself: a program path a helper builds from its own arguments is the helper's business.
    { call: 'child_process.{spawn,spawnSync,execFile,execFileSync,fork}', class: 'command-injection', where: 'program-name' },
    // The argument vector, when a shell interprets it.
    { call: 'child_process.{spawn,spawnSync,execFile,execFileSync}', arg: 1, class: 'command-injection', where: 'shell-argv', label: 'a shell' },
    { call: FS.map((m) => `${m}.${ONE_PATH}`), class: 'path-traversal' },
    { call: FS.map((m) => `${m}.${TWO_PATHS}`), arg: [0, 1], class: 'path-traversal' },
    // A path built from input is where traversal starts, whatever later opens it (an archive entry, a helper of another module).
    { call: '{path,path.posix,path.win32}.{join,resolve}', arg: 'all', class: 'path-traversal', where: 'join-unchecked', label: 'a file path' },
    // `vm` is not a security boundary: code that is not a constant is reported whatever feeds it.
    { call: 'vm.{runInNewContext,runInThisContext,runInContext,compileFunction,Script,SourceTextModule}', class: 'code-injection', audit: true },
    { call: '*.{runInNewContext,runInContext}', class: 'code-injection', where: 'vm-receiver', audit: true },
    { call: ['require', 'module.require'], class: 'code-injection', where: 'outside-input', label: 'a dynamic module load' },
    { call: ['{http,https}.{get,request}', 'net.{connect,createConnection}', 'tls.connect'], arg: [0, 1], class: 'ssrf', where: 'request-target' },
    // http.ServerResponse
    { call: '*.{write,end}', class: 'xss', where: 'response-body' },
    { call: '*.{setHeader,writeHead}', arg: [0, 1, 2], class: 'open-redirect', where: 'location-header', label: 'the Location header' },
  ],
  literals: [
    {
      call: ['crypto.{createHmac,createCipheriv,createDecipheriv}', '{createHmac,createCipheriv,createDecipheriv}'],
      arg: 1,
      through: ['Buffer.from'],
      class: 'hardcoded-credentials',
      where: 'outside-tests',
      label: 'a crypto key',
    },
  ],
  sanitizers: [
    { call: ['path.basename', 'path.posix.basename', 'path.win32.basename'], class: 'path-traversal' },
    {
      call: 'querystring.{escape,stringify}',
      class: ['xss', 'path-traversal', 'command-injection', 'open-redirect', 'ssrf', 'header-injection', 'ldap-injection', 'xpath-injection', 'log-injection'],
    },
    { call: 'crypto.randomUUID', class: 'all' },
  ],
});
