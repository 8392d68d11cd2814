import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'untrusted-library-load',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Load plug-ins only from a fixed absolute directory and by names from an allow-list (`LoadLibraryExW(path, NULL, LOAD_LIBRARY_SEARCH_SYSTEM32)` for system DLLs); never pass a name or path taken from input to dlopen()/LoadLibrary().',
  matcher: {
    kind: 'taint',
    // Sinks: dlopen (posix), LoadLibrary* (winapi).
    sinks: [],
    params: 'built',
  },
});
