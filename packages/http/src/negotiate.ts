/**
 * Content negotiation without regular expressions (no backtracking on hostile headers): which
 * request bodies we read (RFC 9110 §8.3) and which representation a client asked for (§12.5.1).
 */

/** Media type of a scan request body. */
export const JSON_MEDIA_TYPE = 'application/json';
/** Media type of a SARIF log (OASIS SARIF 2.1.0 §3.1 / IANA registration). */
export const SARIF_MEDIA_TYPE = 'application/sarif+json';

function trimQuotes(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/**
 * Whether a Content-Type header is `application/json` (any case, optional parameters). JSON is
 * UTF-8 by definition (RFC 8259 §8.1), so a `charset` other than UTF-8 is refused.
 */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const [type = '', ...params] = header.split(';');
  if (type.trim().toLowerCase() !== JSON_MEDIA_TYPE) return false;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = trimQuotes(param.slice(eq + 1).trim()).toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return false;
  }
  return true;
}

/** One media range of an Accept header with its weight. */
interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  // Bounded work on hostile input: a real Accept header has a handful of ranges.
  for (const part of header.split(',', 64)) {
    const [type = '', ...params] = part.split(';');
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
      const value = Number(param.slice(eq + 1).trim());
      q = Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0;
    }
    const name = type.trim().toLowerCase();
    if (name) ranges.push({ type: name, q });
  }
  return ranges;
}

/**
 * Whether the client asked for SARIF rather than secscan's JSON: `application/sarif+json` must be
 * named explicitly (a wildcard never selects it) with a weight strictly above JSON's. On a tie the
 * server chooses (RFC 9110 §12.5.1) and chooses JSON: API explorers such as the docs page's "try
 * it" list every media type an operation answers with equal weights, and mean the default one.
 */
export function prefersSarif(accept: string | null): boolean {
  if (accept === null) return false;
  let sarif = 0;
  let json = 0;
  for (const { type, q } of parseAccept(accept)) {
    if (type === SARIF_MEDIA_TYPE) sarif = Math.max(sarif, q);
    else if (type === JSON_MEDIA_TYPE || type === 'application/*' || type === '*/*') json = Math.max(json, q);
  }
  return sarif > json;
}
