import { defineModel } from '../schema.ts';

/**
 * The Windows API (kernel32, user32, shell32, shlwapi, wininet, winhttp, strsafe) and the Microsoft
 * C runtime's own functions (`_popen`, `_wfopen`, `_snprintf`, `_getch`, `__argv`).
 */
export default defineModel({
  name: 'winapi',
  language: ['c', 'cpp'],
  description: 'Windows API and the Microsoft C runtime: command line and environment, console and Internet reads, process creation, file operations and the string-copy macros.',
  sources: [
    {
      call: ['_wgetenv', '_tgetenv', '_getch', '_getche', 'getch', 'GetCommandLine', 'GetCommandLineA', 'GetCommandLineW', 'CommandLineToArgvW'],
      kind: 'local',
    },
    { path: ['_environ', '__argv', '__wargv'], kind: 'local' },
    { call: '_getws', into: 0, kind: 'local' },
    { call: '_read', into: 1, kind: 'local' },
    { call: ['GetEnvironmentVariable', 'GetEnvironmentVariableA', 'GetEnvironmentVariableW'], into: 1, kind: 'local' },
    { call: ['InternetReadFile', 'WinHttpReadData'], into: 1, kind: 'remote' },
  ],
  sinks: [
    { call: ['_popen', '_wpopen', '_wsystem', '_tsystem', 'WinExec'], class: 'command-injection' },
    { call: ['ShellExecute', 'ShellExecuteA', 'ShellExecuteW'], arg: [2, 3], class: 'command-injection' },
    // The C runtime's exec family, like POSIX's.
    { call: ['_execl', '_execlp', '_execle', '_wexecl', '_wexeclp'], arg: 'all', class: 'command-injection', where: 'exec-shell' },
    { call: ['_execv', '_execvp', '_execve', '_wexecv', '_wexecvp'], class: 'command-injection', where: 'exec-program' },
    { call: ['CreateProcess', 'CreateProcessA', 'CreateProcessW'], arg: [0, 1], class: 'command-injection' },
    {
      call: [
        '_wfopen',
        '_open',
        '_wopen',
        'CreateFile',
        'CreateFileA',
        'CreateFileW',
        'DeleteFile',
        'DeleteFileA',
        'DeleteFileW',
        'MoveFile',
        'MoveFileA',
        'CopyFile',
        'CopyFileA',
      ],
      class: 'path-traversal',
    },
    { call: ['MoveFile', 'CopyFile'], arg: 1, class: 'path-traversal' },
    { call: ['fopen_s', '_wfopen_s'], arg: 1, class: 'path-traversal' },
    { call: ['LoadLibrary', 'LoadLibraryA', 'LoadLibraryW', 'LoadLibraryEx', 'LoadLibraryExA', 'LoadLibraryExW', 'AfxLoadLibrary'], class: 'untrusted-library-load' },
    { call: ['SetComputerName', 'SetComputerNameA', 'SetComputerNameW'], class: 'external-setting-control', label: 'the computer name' },
    { call: ['SetComputerNameEx', 'SetComputerNameExA', 'SetComputerNameExW'], arg: 1, class: 'external-setting-control', label: 'the computer name' },
    { call: ['SetEnvironmentVariable', 'SetEnvironmentVariableA', 'SetEnvironmentVariableW'], arg: [0, 1], class: 'external-setting-control' },
    { call: ['_putenv', '_wputenv'], class: 'external-setting-control', label: 'the environment' },
  ],
  sanitizers: [
    { call: ['_wtoi', '_wtol', '_atoi64', '_ttoi', '_tcslen'], class: 'all', numeric: true },
    { call: ['PathFindFileName', 'PathFindFileNameA', 'PathStripPath'], class: 'path-traversal' },
  ],
  validators: [{ call: ['_stricmp'] }],
  propagators: [
    {
      call: [
        'lstrcpy',
        'lstrcpyA',
        'lstrcpyW',
        'lstrcpyn',
        'lstrcpynA',
        'lstrcpynW',
        '_mbscpy',
        '_tcscpy',
        'StrCpy',
        'StrCpyN',
        'strcpy_s',
        'strncpy_s',
        'wcscpy_s',
        'CopyMemory',
        'RtlCopyMemory',
        'MoveMemory',
        'memcpy_s',
        'memmove_s',
      ],
      from: [1],
      to: 0,
    },
    { call: ['lstrcat', 'lstrcatA', 'lstrcatW', '_mbscat', '_tcscat', 'StrCat', 'StrCatBuff', 'strcat_s', 'strncat_s', 'wcscat_s'], from: [1], to: 0, append: true },
    { call: ['wsprintf', 'wsprintfA', 'wsprintfW'], from: [1], rest: true, to: 0, format: true },
    {
      call: ['_snprintf', '_vsnprintf', 'sprintf_s', 'vsprintf_s', 'StringCchPrintf', 'StringCchPrintfA', 'StringCchPrintfW', 'StringCbPrintf'],
      from: [2],
      rest: true,
      to: 0,
      format: true,
    },
    { call: '_fullpath', from: [1], to: 0 },
  ],
});
