import { defineModel } from '../schema.ts';

const MODULES = ['fs-extra', 'graceful-fs', 'fse'];
// Every fs function (graceful-fs is a drop-in fs), and fs-extra's own helpers.
const FS_ONE_PATH =
  '{readFile,readFileSync,writeFile,writeFileSync,appendFile,appendFileSync,createReadStream,createWriteStream,unlink,unlinkSync,rm,rmSync,rmdir,rmdirSync,readdir,readdirSync,open,openSync,opendir,opendirSync,truncate,truncateSync,readlink,readlinkSync,chmod,chmodSync,lchown,chown}';
const EXTRA_ONE_PATH = '{readJson,readJSON,readJsonSync,writeJson,writeJSON,writeJsonSync,outputFile,outputFileSync,outputJson,remove,removeSync,emptyDir,ensureFile,createFile}';
const TWO_PATHS = '{rename,renameSync,copyFile,copyFileSync,copy,copySync,move,moveSync,symlink,symlinkSync,link,linkSync,cp,cpSync}';

/** fs-extra and graceful-fs: the fs API plus helpers that take paths the same way. */
export default defineModel({
  name: 'fs-extra',
  language: ['javascript', 'typescript'],
  description: 'fs-extra and graceful-fs file functions (paths in their first, or first two, arguments).',
  sinks: [
    { call: MODULES.flatMap((m) => [`${m}.${FS_ONE_PATH}`, `${m}.${EXTRA_ONE_PATH}`]), class: 'path-traversal' },
    { call: MODULES.map((m) => `${m}.${TWO_PATHS}`), arg: [0, 1], class: 'path-traversal' },
  ],
});
