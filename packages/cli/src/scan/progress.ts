/**
 * The progress line of a long `secscan scan` on a terminal: `secscan: 120/3400 files  src/app.js`,
 * redrawn in place on stderr (carriage return, erase to the end of the line) and erased when the
 * scan ends, so that it never mixes into the report. Nothing is shown for a scan that ends within
 * `delayMs`, nor when stderr is not a terminal (CI logs, pipes), nor with --quiet.
 */

/** Reports how far a scan is. */
export interface Progress {
  /** `done` files scanned of the total; `current` is the file being scanned now. */
  update(done: number, current: string): void;
  /** Erases the line, if it was ever drawn. */
  end(): void;
}

/** A progress that shows nothing. */
export const NO_PROGRESS: Progress = { update() {}, end() {} };

/** How the line is drawn; the defaults suit a person watching a terminal. */
export interface ProgressOptions {
  /** Milliseconds since an arbitrary origin (performance.now by default). */
  now?: () => number;
  /** Nothing is drawn before the scan has run this long (500 ms). */
  delayMs?: number;
  /** The line is redrawn at most this often (100 ms). */
  intervalMs?: number;
  /** Width of the terminal (80 when unknown); the line never wraps. */
  columns?: number;
}

/** Erase from the cursor to the end of the line (ECMA-48 EL, "CSI K"). */
const ERASE_LINE = '\u001b[K';

/** The text cut to `width` characters, its start replaced by `…` (the end of a path says most). */
function fitFromEnd(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 1 ? '…'.slice(0, width) : `…${chars.slice(chars.length - width + 1).join('')}`;
}

/** A progress line written through `write` (stderr) for a scan of `total` files. */
export function createProgress(write: (text: string) => void, total: number, options: ProgressOptions = {}): Progress {
  const now = options.now ?? (() => performance.now());
  const delayMs = options.delayMs ?? 500;
  const intervalMs = options.intervalMs ?? 100;
  // One column less than the width: a line that fills the last column wraps on some terminals.
  const width = Math.max(20, (options.columns ?? 80) - 1);
  const started = now();
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(done, current) {
      const at = now();
      if (at - started < delayMs || at - drawnAt < intervalMs) return;
      drawnAt = at;
      drawn = true;
      const counter = `secscan: ${done}/${total} files  `;
      write(`\r${counter}${fitFromEnd(current, Math.max(0, width - counter.length))}${ERASE_LINE}`);
    },
    end() {
      if (drawn) write(`\r${ERASE_LINE}`);
      drawn = false;
    },
  };
}
