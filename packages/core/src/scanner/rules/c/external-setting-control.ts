import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'external-setting-control',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Set environment variables and system settings only to values the program chooses (a fixed PATH, a host name from configuration); if input must select one, map it to an allow-list first.',
  matcher: {
    kind: 'taint',
    // Sinks: putenv/setenv/sethostname (posix), SetComputerName*/SetEnvironmentVariable*/_putenv (winapi).
    sinks: [],
    params: 'built',
  },
});
