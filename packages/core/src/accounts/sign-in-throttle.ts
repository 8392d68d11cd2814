/**
 * Throttling password sign-in (NIST SP 800-63B-4 §3.2.2, OWASP Authentication Cheat Sheet) without
 * a lockout anyone can trigger. Every attempt is counted, before the password is checked, in one
 * atomic hit per bucket (a burst of parallel guesses cannot slip through between check and count):
 *
 * - per account **and** client (IP group): 10 attempts per 15 minutes — a guesser at one address
 *   gets 10 tries, and only that address waits;
 * - per client, over all accounts: 100 attempts per hour — one address spraying many accounts.
 *
 * There is deliberately no bucket per account alone: anyone could fill it and lock the owner out.
 * An attacker with many addresses is slowed by the password rules (15+ characters, no common
 * passwords) and the hash cost instead. Unknown e-mails are counted exactly like known ones, so the
 * throttle tells nothing about which accounts exist.
 */
import { sha256Hex } from '../auth/hash.ts';
import type { RateLimitOutcome, RateLimitStore, RateLimitWindow } from '../store/types.ts';

/** Attempts per account and client per 15 minutes. */
export const SIGN_IN_ACCOUNT_CLIENT_WINDOW: Readonly<RateLimitWindow> = Object.freeze({ name: 'signin-account-client', limit: 10, windowSeconds: 900 });
/** Attempts per client per hour, over every account. */
export const SIGN_IN_CLIENT_WINDOW: Readonly<RateLimitWindow> = Object.freeze({ name: 'signin-client', limit: 100, windowSeconds: 3600 });

/** Counts one sign-in attempt; resolves the refusing outcome, or null when the attempt may go on. */
export async function countSignInAttempt(store: RateLimitStore, email: string, client: string): Promise<RateLimitOutcome | null> {
  // The e-mail enters the counter's name only as a hash: the table need not hold addresses.
  const account = await sha256Hex(`signin:${email}`);
  const perAccount = await store.hit(`signin:account:${account}:${client}`, [SIGN_IN_ACCOUNT_CLIENT_WINDOW]);
  if (!perAccount.allowed) return perAccount;
  const perClient = await store.hit(`signin:client:${client}`, [SIGN_IN_CLIENT_WINDOW]);
  return perClient.allowed ? null : perClient;
}
