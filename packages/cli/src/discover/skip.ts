/** Why a file that discovery found was not scanned, said once per file in a note. */
export type SkipReason = 'binary' | 'too-large' | 'unreadable' | 'unknown-language';

/** A file that was not scanned, with the reason in words. */
export interface SkippedFile {
  /** Path as shown to the user (relative to the working directory, `/`-separated). */
  path: string;
  reason: SkipReason;
  detail: string;
}

/** A message about a failed file operation, with the system's error code (ENOENT, EACCES…) when there is one. */
export function withErrorCode(error: unknown, what = 'cannot be read'): string {
  const code = (error as { code?: unknown } | null)?.code;
  return `${what}${typeof code === 'string' ? ` (${code})` : ''}`;
}
