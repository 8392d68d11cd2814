import { defineModel } from '../schema.ts';

/**
 * POSIX and the BSD/GNU additions C programs on Unix use everywhere: file descriptors, sockets,
 * `popen`/`exec*`, the filesystem calls, `getopt`'s `optarg`, `realpath`, `strlcpy`, `asprintf`.
 */
export default defineModel({
  name: 'posix',
  language: ['c', 'cpp'],
  description: 'POSIX: reads from descriptors and sockets, popen and the exec family, filesystem calls, getopt, realpath and the BSD/GNU string helpers.',
  sources: [
    { path: 'optarg', kind: 'local' },
    { call: 'getpass', kind: 'local' },
    { call: ['read', 'std.read', 'pread', 'pread64', 'readlink', 'std.readlink'], into: 1, kind: 'local' },
    { call: ['recv', 'recvfrom', 'recvmsg', 'std.recv', 'std.recvfrom', 'std.recvmsg'], into: 1, kind: 'remote' },
  ],
  sinks: [
    { call: 'popen', class: 'command-injection' },
    // execl("/bin/sh", "sh", "-c", cmd, NULL) runs a command line; execl(prog, …) runs prog.
    { call: ['execl', 'execlp', 'execle'], arg: 'all', class: 'command-injection', where: 'exec-shell' },
    { call: ['execv', 'execvp', 'execve', 'execvpe'], class: 'command-injection', where: 'exec-program' },
    {
      call: ['open', 'open64', 'creat', 'unlink', 'rmdir', 'mkdir', 'opendir', 'chmod', 'chown', 'lchown', 'truncate', 'link', 'symlink', 'fopen64'],
      class: 'path-traversal',
    },
    { call: ['link', 'symlink'], arg: 1, class: 'path-traversal' },
    { call: ['openat', 'unlinkat', 'mkdirat', 'fchmodat'], arg: 1, class: 'path-traversal' },
    { call: 'dlopen', class: 'untrusted-library-load' },
    // putenv("PATH=…"), setenv("LD_PRELOAD", …): input chooses where programs and libraries are looked up.
    { call: 'putenv', class: 'external-setting-control', label: 'the environment' },
    { call: 'setenv', arg: [0, 1], class: 'external-setting-control', label: 'the environment' },
    { call: ['sethostname', 'setdomainname'], class: 'external-setting-control', label: 'the host name' },
  ],
  sanitizers: [
    { call: ['ntohl', 'ntohs', 'htonl', 'htons', 'be32toh', 'be16toh', 'le32toh', 'le16toh', 'be64toh', 'le64toh', 'inet_addr', 'strtonum'], class: 'all', numeric: true },
    // The last path component cannot leave a directory; it can still hold quotes and `;` for a shell.
    { call: ['basename', '__xpg_basename'], class: 'path-traversal' },
  ],
  validators: [{ call: ['strcasecmp', 'regexec', 'fnmatch'] }],
  propagators: [
    { call: ['stpcpy', 'stpncpy', 'strlcpy', 'wcslcpy', 'memccpy'], from: [1], to: 0 },
    { call: 'bcopy', from: [0], to: 1 },
    { call: ['strlcat', 'wcslcat'], from: [1], to: 0, append: true },
    { call: ['asprintf', 'vasprintf'], from: [1], rest: true, to: 0, format: true },
    { call: ['realpath', 'canonicalize_file_name'], from: [0], to: 1 },
  ],
});
