/**
 * Where local data came from, for classes where most local data is chosen on purpose by whoever
 * runs the program: its own command-line arguments, and settings named for a location or an
 * implementation class (`System.getProperty("attachments.dir")`, `getenv("TRUSTSTORE_PATH")`).
 */
import type { Taint } from '../../../rule.ts';

/** Words of setting names that say the value is where something lives, or which class to load. */
const CONFIGURED = /dir|path|home|root|folder|file|store|location|url|uri|host|endpoint|driver|class|impl|provider|factory/i;

/** The first quoted key in a source's text (`System.getenv("DATA_DIR")` → `DATA_DIR`). */
function quotedKey(label: string): string | null {
  const open = label.indexOf('"');
  if (open < 0) return null;
  const close = label.indexOf('"', open + 1);
  return close > open ? label.slice(open + 1, close) : null;
}

/**
 * Local data the operator chooses on purpose: the program's own arguments (`main(String[] args)`),
 * or an environment variable or system property whose name says it is a location or a class.
 */
export function operatorChosen(t: Taint): boolean {
  if (t.strength !== 'local') return false;
  if (t.param) return true;
  if (!/\bget(?:env|Property)\b/.test(t.label)) return false;
  const key = quotedKey(t.label);
  return key !== null && CONFIGURED.test(key);
}
