/**
 * Anonymous callers are counted per client address group (DESIGN §4): an IPv4 address on its own,
 * an IPv6 address by its /56 prefix — the smallest block ISPs commonly delegate to one customer
 * (RIPE-690 §4.2 recommends /48 or /56), so one household cannot multiply its budget by rotating
 * through its 2^72 addresses — and an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, RFC 4291
 * §2.5.5.2, as dual-stack sockets report IPv4 peers) as the IPv4 address it is.
 *
 * Parsing is by hand, character by character: linear time on any input, no regular expressions.
 */

/** A parsed IP address: its family and its bytes (4 or 16). */
export interface IpAddress {
  family: 4 | 6;
  bytes: Uint8Array;
}

/** Longest text taken for an address (an IPv6 address with an IPv4 tail and a zone id fits easily). */
const MAX_ADDRESS_LENGTH = 100;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** Dotted-quad IPv4 (`192.0.2.1`): four decimal parts 0–255, no leading zeros (`010` could mean octal). */
function parseIpv4(s: string): Uint8Array | null {
  const bytes = new Uint8Array(4);
  let part = 0;
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 0x2e;
    if (c === 0x2e) {
      if (digits === 0 || part > 3) return null;
      bytes[part++] = value;
      value = 0;
      digits = 0;
    } else if (isDigit(c)) {
      if (digits > 0 && value === 0) return null;
      value = value * 10 + (c - 0x30);
      digits++;
      if (value > 255) return null;
    } else return null;
  }
  return part === 4 ? bytes : null;
}

/** IPv6 text (RFC 4291 §2.2): groups of 1–4 hex digits, one `::`, an optional dotted IPv4 tail, an optional `%zone`. */
function parseIpv6(text: string): Uint8Array | null {
  const zone = text.indexOf('%');
  const s = zone >= 0 ? text.slice(0, zone) : text;
  const groups: number[] = [];
  let gap = -1;
  let i = 0;
  if (s.startsWith('::')) {
    gap = 0;
    i = 2;
    if (s.length === 2) return new Uint8Array(16);
  } else if (s.startsWith(':')) return null;
  while (i < s.length) {
    // An IPv4 tail: the rest holds a dot before any further colon.
    const nextColon = s.indexOf(':', i);
    const nextDot = s.indexOf('.', i);
    if (nextDot >= 0 && (nextColon < 0 || nextDot < nextColon)) {
      if (nextColon >= 0) return null;
      const v4 = parseIpv4(s.slice(i));
      if (!v4) return null;
      groups.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
      i = s.length;
      break;
    }
    let value = 0;
    let digits = 0;
    while (i < s.length && s.charCodeAt(i) !== 0x3a) {
      const h = hexValue(s.charCodeAt(i));
      if (h < 0 || digits === 4) return null;
      value = value * 16 + h;
      digits++;
      i++;
    }
    if (digits === 0) return null;
    groups.push(value);
    if (groups.length > 8) return null;
    if (i < s.length) {
      i++; // the colon
      if (i < s.length && s.charCodeAt(i) === 0x3a) {
        if (gap >= 0) return null; // a second `::`
        gap = groups.length;
        i++;
      } else if (i === s.length) return null; // a trailing single colon
    }
  }
  if (gap < 0 ? groups.length !== 8 : groups.length > 7) return null;
  const full = gap < 0 ? groups : [...groups.slice(0, gap), ...new Array<number>(8 - groups.length).fill(0), ...groups.slice(gap)];
  const bytes = new Uint8Array(16);
  full.forEach((g, k) => {
    bytes[2 * k] = g >> 8;
    bytes[2 * k + 1] = g & 0xff;
  });
  return bytes;
}

/** Parses an IPv4 or IPv6 address in text form; null when it is not one. */
export function parseIpAddress(text: string): IpAddress | null {
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return null;
  if (text.includes(':')) {
    const bytes = parseIpv6(text);
    return bytes ? { family: 6, bytes } : null;
  }
  const bytes = parseIpv4(text);
  return bytes ? { family: 4, bytes } : null;
}

/** Whether 16 bytes are an IPv4-mapped IPv6 address (`::ffff:0:0/96`). */
function isIpv4Mapped(bytes: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}

/**
 * The rate-limit group of a client address: `ip4:203.0.113.7` for IPv4 and IPv4-mapped IPv6,
 * `ip6:2001:db8:aa:bb00::/56` for other IPv6 addresses, and `unknown` when there is no usable
 * address (an adapter that passes none: every such caller then shares one budget).
 */
export function clientGroup(address: string | null | undefined): string {
  const ip = address ? parseIpAddress(address) : null;
  if (!ip) return 'unknown';
  const b = ip.bytes;
  if (ip.family === 4) return `ip4:${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
  if (isIpv4Mapped(b)) return `ip4:${b[12]}.${b[13]}.${b[14]}.${b[15]}`;
  const group = (k: number): string => ((b[2 * k] as number) * 256 + (b[2 * k + 1] as number)).toString(16);
  // The first 56 bits: three whole groups and the high byte of the fourth.
  const fourth = ((b[6] as number) * 256).toString(16);
  return `ip6:${group(0)}:${group(1)}:${group(2)}:${fourth}::/56`;
}

/** The canonical text of an address (IPv4 dotted quad; IPv6 as eight lower-case hex groups), or null. */
export function canonicalIpAddress(text: string): string | null {
  const ip = parseIpAddress(text);
  if (!ip) return null;
  const b = ip.bytes;
  if (ip.family === 4) return `${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
  const groups: string[] = [];
  for (let k = 0; k < 8; k++) groups.push(((b[2 * k] as number) * 256 + (b[2 * k + 1] as number)).toString(16));
  return groups.join(':');
}

/** A block of addresses: `10.0.0.0/8`, `2001:db8::/32`, or one address (`/32`, `/128`). */
export interface IpRange {
  family: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
}

/** The IPv4 address an IPv4-mapped IPv6 address stands for, else the address itself. */
function unmapped(ip: IpAddress): IpAddress {
  return ip.family === 6 && isIpv4Mapped(ip.bytes) ? { family: 4, bytes: ip.bytes.slice(12) } : ip;
}

/** Parses `address` or `address/prefix` (CIDR, RFC 4632; IPv6 RFC 4291 §2.3); null when it is neither. */
export function parseIpRange(text: string): IpRange | null {
  const slash = text.indexOf('/');
  const parsed = parseIpAddress(slash < 0 ? text : text.slice(0, slash));
  if (!parsed) return null;
  const ip = unmapped(parsed);
  const bits = ip.family === 4 ? 32 : 128;
  if (slash < 0) return { family: ip.family, bytes: ip.bytes, prefix: bits };
  const digits = text.slice(slash + 1);
  if (digits.length === 0 || digits.length > 3 || !/^[0-9]+$/.test(digits)) return null;
  // A mapped IPv6 range (::ffff:10.0.0.0/104) keeps its meaning as the IPv4 range it maps.
  const prefix = Number(digits) - (parsed.family === 6 && ip.family === 4 ? 96 : 0);
  return prefix >= 0 && prefix <= bits ? { family: ip.family, bytes: ip.bytes, prefix } : null;
}

/** Whether an address (text) lies in one of `ranges`. */
export function inIpRanges(address: string, ranges: readonly IpRange[]): boolean {
  const parsed = parseIpAddress(address);
  if (!parsed) return false;
  const ip = unmapped(parsed);
  for (const range of ranges) {
    if (range.family !== ip.family) continue;
    let bits = range.prefix;
    let i = 0;
    for (; bits >= 8; bits -= 8, i++) if (range.bytes[i] !== ip.bytes[i]) break;
    if (bits >= 8) continue;
    const mask = bits === 0 ? 0 : (0xff << (8 - bits)) & 0xff;
    if (((range.bytes[i] ?? 0) & mask) === ((ip.bytes[i] ?? 0) & mask)) return true;
  }
  return false;
}

/** Loopback, private and link-local blocks (RFC 1122, RFC 1918, RFC 3927, RFC 4193, RFC 4291): where a reverse proxy usually is. */
export const PRIVATE_IP_RANGES: readonly IpRange[] = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '::1/128', 'fc00::/7', 'fe80::/10'].map(
  (cidr) => parseIpRange(cidr) as IpRange,
);
