/** E-mail addresses as account names: normalised for comparison, checked only for a plausible shape. */

/** Longest address (RFC 5321 §4.5.3.1.3: a path is at most 256 octets, the address 254). */
export const MAX_EMAIL_LENGTH = 254;

/** The form addresses are stored and compared in: trimmed, NFC, lower-case (mailboxes are case-insensitive in practice). */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/**
 * Whether a normalised address looks deliverable: one `@`, a non-empty local part, a domain with a
 * dot and no empty label, no spaces or control characters. Checked by scanning once (no regex).
 * Deliverability itself is not ours to prove: there is no mail here.
 */
export function isPlausibleEmail(email: string): boolean {
  if (email.length < 3 || email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return false;
  for (let i = 0; i < email.length; i++) {
    const c = email.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return false;
  }
  const labels = email.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0 && label.length <= 63);
}
