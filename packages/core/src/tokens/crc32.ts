/**
 * CRC-32 as used by zlib, PNG, Ethernet and GitHub-style token checksums (IEEE 802.3: reflected
 * polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF). `crc32('123456789') === 0xCBF43926`.
 */

const TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const encoder = new TextEncoder();

/** Continues a CRC-32 over more bytes: pass the previous result (0 to start). */
export function crc32Update(crc: number, bytes: Uint8Array): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/** CRC-32 of bytes, or of a string's UTF-8 encoding, as an unsigned 32-bit integer. */
export function crc32(data: string | Uint8Array): number {
  if (typeof data !== 'string') return crc32Update(0, data);
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    const ch = data.charCodeAt(i);
    if (ch >= 0x80) return crc32Update(0, encoder.encode(data)); // non-ASCII: hash the UTF-8 bytes
    c = (TABLE[(c ^ ch) & 0xff] as number) ^ (c >>> 8);
  }
  return ~c >>> 0;
}
