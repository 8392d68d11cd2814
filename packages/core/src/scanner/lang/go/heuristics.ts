import type { CallView } from '../../engine/adapter.ts';
import type { Heuristics, SinkCheck } from '../../models/compile.ts';
import { commandChecks } from './sinks/command.ts';
import { ldapChecks } from './sinks/ldap.ts';
import { logChecks } from './sinks/log.ts';
import { nosqlChecks } from './sinks/nosql.ts';
import { pathChecks } from './sinks/path.ts';
import { redirectChecks } from './sinks/redirect.ts';
import { sqlChecks } from './sinks/sql.ts';
import { ssrfChecks } from './sinks/ssrf.ts';
import { templateChecks } from './sinks/template.ts';
import { xpathChecks } from './sinks/xpath.ts';
import { xssChecks } from './sinks/xss.ts';
import { receiverFramework, type Framework } from './util.ts';

/** The call's receiver is a context of one of these web frameworks (by its declared type). */
function on(...frameworks: Framework[]): SinkCheck {
  return (call: CallView) => {
    const f = receiverFramework(call);
    return f !== null && frameworks.includes(f);
  };
}

/**
 * The Go pack's named checks, which models refer to by name (`"where": "sql-text"`). Each is code
 * because it looks at syntax a pattern cannot say: which argument is SQL text, what a handler
 * declares as its content type, where a URL's host comes from.
 */
export const goHeuristics: Heuristics = {
  calls: {
    'gin-context': on('gin'),
    'echo-context': on('echo'),
    'fiber-context': on('fiber'),
    ...commandChecks,
    ...ldapChecks,
    ...logChecks,
    ...nosqlChecks,
    ...pathChecks,
    ...redirectChecks,
    ...sqlChecks,
    ...ssrfChecks,
    ...templateChecks,
    ...xpathChecks,
    ...xssChecks,
  },
};
