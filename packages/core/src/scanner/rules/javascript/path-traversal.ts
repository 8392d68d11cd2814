import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { containmentChecked, declaredValue, fromRequestMetadata, inputsOnlyLookedUp, objectLiteral, propValue, rawRequestTarget, receiverPath, unwrap } from '../../lang/javascript/helpers.ts';
import type { SyntaxNode } from '../../syntax.ts';

const FS = ['fs', 'fs.promises', 'fs/promises', 'fs-extra', 'graceful-fs', 'fsPromises', 'fse'];
const ONE_PATH =
  '{readFile,readFileSync,writeFile,writeFileSync,appendFile,appendFileSync,createReadStream,createWriteStream,unlink,unlinkSync,rm,rmSync,rmdir,rmdirSync,readdir,readdirSync,open,openSync,opendir,opendirSync,truncate,truncateSync,readJson,readJSON,readJsonSync,writeJson,writeJSON,writeJsonSync,outputFile,outputFileSync,outputJson,remove,removeSync,emptyDir,readlink,readlinkSync,chmod,chmodSync,ensureFile,createFile,lchown,chown}';
const TWO_PATHS = '{rename,renameSync,copyFile,copyFileSync,copy,copySync,move,moveSync,symlink,symlinkSync,link,linkSync,cp,cpSync}';

function fs(names: string): string[] {
  return FS.map((m) => `${m}.${names}`);
}

/** Express/Next `res.sendFile(p)` / `res.download(p)`: safe with a `root` option, which confines the path. */
function withoutRoot(call: CallView, ctx: MatchContext): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  if (!/^(?:res|response|resp|reply)$/.test(root)) return false;
  for (const a of call.args) {
    if (a.index < 1) continue;
    const opts = objectLiteral(a.node);
    if (opts && propValue(opts, 'root')) return false;
  }
  return true;
}

/** `res.render(view)`: a view name from the request can load any template file. */
function renderView(call: CallView, ctx: MatchContext): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  return /^(?:res|response|ctx|reply)$/.test(root);
}

/** `path.normalize(p).replace(/^(\.\.(\/|\\|$))+/, '')`: leading `../` removed after normalisation (on the way to the sink). */
function stripsDotDot(at: SyntaxNode, depth = 0): boolean {
  if (depth > 3) return false;
  const n = unwrap(at);
  if (n.text.includes('normalize(') && n.text.includes('.replace') && n.text.includes('\\.\\.')) return true;
  for (const part of n.type === 'call_expression' ? (n.child('arguments')?.namedChildren ?? []) : [n]) {
    const p = unwrap(part);
    if (p.type === 'identifier') {
      const v = declaredValue(p);
      if (v && stripsDotDot(v, depth + 1)) return true;
    }
  }
  return false;
}

/** multer / express-fileupload store uploads under names they generate: `req.file.path`, `file.tempFilePath`. */
function traversable(taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (rawRequestTarget(at) || fromRequestMetadata(taint)) return false;
  if (stripsDotDot(at)) return false;
  if (inputsOnlyLookedUp(at, ctx)) return false;
  if (containmentChecked(at, at)) return false;
  return !(/^(?:req|request|ctx)\.(?:request\.)?files?\b/.test(taint.label) && /\.(?:path|filename|destination|tempFilePath)$/.test(taint.label));
}

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Reduce the input to a file name with `path.basename()`, or resolve it against a base directory and check the result stays inside (`const p = path.resolve(BASE, name); if (!p.startsWith(BASE + path.sep)) return res.sendStatus(400);`). With Express use `res.sendFile(name, { root: BASE })`.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://owasp.org/www-community/attacks/Path_Traversal',
    'https://expressjs.com/en/api.html#res.sendFile',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: fs(ONE_PATH), args: [0] },
      { callee: fs(TWO_PATHS), args: [0, 1] },
      { callee: ['*.sendFile', '*.download'], args: [0], where: withoutRoot },
      { callee: ['*.render'], args: [0], where: renderView, label: 'a view name' },
    ],
    params: 'never',
    local: 'never',
    check: traversable,
  },
});
