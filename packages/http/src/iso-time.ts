/** `new Date(ms).toISOString()`, remembered for the last millisecond asked: a busy server formats the same millisecond many times (log lines, health answers). */
export function createIsoTime(): (ms: number) => string {
  let lastMs = Number.NaN;
  let last = '';
  return (ms) => {
    if (ms !== lastMs) {
      lastMs = ms;
      last = new Date(ms).toISOString();
    }
    return last;
  };
}
