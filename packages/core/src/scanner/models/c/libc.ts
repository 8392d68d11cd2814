import { defineModel } from '../schema.ts';

/**
 * The ISO C standard library (<stdio.h>, <stdlib.h>, <string.h>, <wchar.h>, <ctype.h>) and the glibc
 * extensions of the same headers. C++ reaches the same functions through <cstdio>, <cstdlib> and
 * <cstring> as `std::fgets`, `std::strtoul`, `std::system`: both spellings are listed.
 */
export default defineModel({
  name: 'libc',
  language: ['c', 'cpp'],
  description: 'ISO C standard library: environment and stdin input, file reads, string copies and formatting, number parsing, system() and file opens.',
  sources: [
    {
      call: ['getenv', 'std.getenv', 'secure_getenv', '__secure_getenv', 'getchar', 'fgetc', 'getc', 'getwchar', 'fgetwc', 'std.getchar', 'std.fgetc', 'std.getc', 'getc_unlocked', 'getchar_unlocked'],
      kind: 'local',
    },
    { path: 'environ', kind: 'local' },
    // Calls that write what they read into a buffer argument.
    {
      call: ['gets', 'std.gets', 'gets_s', 'fgets', 'std.fgets', 'fgetws', 'std.fgetws', 'fgets_unlocked', 'getline', 'getdelim', 'fread', 'std.fread', 'fread_unlocked', 'getwline'],
      into: 0,
      kind: 'local',
    },
    // scanf("%d %s", &n, name): every argument after the format is written from stdin or the file.
    { call: ['scanf', 'scanf_s', 'wscanf', 'vscanf', 'std.scanf', 'std.scanf_s', 'std.wscanf', 'std.vscanf'], into: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], kind: 'local' },
    { call: ['fscanf', 'fscanf_s', 'fwscanf', 'std.fscanf', 'std.fscanf_s', 'std.fwscanf'], into: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], kind: 'local' },
  ],
  sinks: [
    { call: ['system', 'std.system'], class: 'command-injection' },
    { call: ['fopen', 'std.fopen', 'freopen', 'remove', 'std.remove', 'rename', 'std.rename'], class: 'path-traversal' },
    { call: ['rename', 'std.rename'], arg: 1, class: 'path-traversal' },
  ],
  sanitizers: [
    {
      call: [
        'atoi', 'atol', 'atoll', 'atof', 'strtol', 'strtoul', 'strtoll', 'strtoull', 'strtod', 'strtof', 'strtold', 'strtoimax', 'strtoumax',
        'wcstol', 'wcstoul', 'wcstoll', 'wcstoull', 'strlen', 'wcslen', 'strnlen', 'wcsnlen', 'abs', 'labs', 'llabs',
        'std.atoi', 'std.atol', 'std.atoll', 'std.atof', 'std.strtol', 'std.strtoul', 'std.strtoll', 'std.strtoull', 'std.strtod', 'std.strtof',
        'std.strtold', 'std.strtoimax', 'std.strtoumax', 'std.wcstol', 'std.wcstoul', 'std.wcstoll', 'std.wcstoull', 'std.strlen', 'std.wcslen',
        'std.strnlen', 'std.wcsnlen', 'std.abs', 'std.labs', 'std.llabs',
      ],
      class: 'all',
      numeric: true,
    },
  ],
  validators: [{ call: ['strcmp', 'wcscmp', 'strstr', 'strchr', 'strrchr', 'strpbrk', 'strspn', 'strcspn', 'wcsstr', 'wcschr', 'isalnum', 'isalpha', 'isdigit', 'isxdigit'] }],
  propagators: [
    {
      call: ['strcpy', 'strncpy', 'wcscpy', 'wcsncpy', 'memcpy', 'memmove', 'wmemcpy', 'wmemmove', 'std.memcpy', 'std.strcpy', 'std.strncpy', 'std.memmove'],
      from: [1],
      to: 0,
    },
    { call: ['strcat', 'strncat', 'wcscat', 'wcsncat', 'std.strcat', 'std.strncat'], from: [1], to: 0, append: true },
    { call: ['sprintf', 'vsprintf', 'std.sprintf'], from: [1], rest: true, to: 0, format: true },
    { call: ['snprintf', 'vsnprintf', 'swprintf', 'vswprintf', 'std.snprintf'], from: [2], rest: true, to: 0, format: true },
    // sscanf(line, "%d %63s", &n, name) parses line into its outputs.
    { call: ['sscanf', 'sscanf_s', 'swscanf', 'vsscanf', 'std.sscanf'], from: [0], to: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
  ],
});
