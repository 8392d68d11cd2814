/** GET /api/health — public; never waits longer than the configured deadline for the stores. */
import { respond, type RequestContext } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { createIsoTime } from '../iso-time.ts';

/** A ping still waiting for its answer, and when it stops waiting. */
interface PendingPing {
  deadline: number;
  expire(): void;
}

/**
 * Deadlines for pings, kept by one timer for all of them: a health request would otherwise create
 * and clear a timer of its own (on Deno a tenth of the request's cost), although a store that
 * answers — the usual case — settles within a few microtasks. The timer runs only while some ping
 * is pending, and fires at most once per deadline length under steady traffic.
 */
export function createPingDeadlines(now: () => number = () => performance.now()) {
  const pending = new Set<PendingPing>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Number.POSITIVE_INFINITY;

  const arm = (at: number): void => {
    if (timer !== null && timerAt <= at) return;
    if (timer !== null) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(check, Math.max(0, at - now()));
  };
  const check = (): void => {
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    const t = now();
    let next = Number.POSITIVE_INFINITY;
    for (const ping of pending) {
      if (ping.deadline <= t) ping.expire();
      else if (ping.deadline < next) next = ping.deadline;
    }
    if (next !== Number.POSITIVE_INFINITY) arm(next);
  };

  /** Resolves true when `ping` succeeds within `timeoutMs`, false when it fails or is too slow. */
  return function pingWithin(ping: () => Promise<void>, timeoutMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const entry: PendingPing = {
        deadline: now() + timeoutMs,
        expire: () => finish(false),
      };
      const finish = (ok: boolean): void => {
        if (settled) return;
        settled = true;
        pending.delete(entry);
        resolve(ok);
      };
      pending.add(entry);
      arm(entry.deadline);
      Promise.resolve()
        .then(ping)
        .then(
          () => finish(true),
          () => finish(false),
        );
    });
  };
}

/** Resolves true when `ping` succeeds within `timeoutMs`, false when it fails or is too slow. */
export const pingWithin = createPingDeadlines();

/** Builds the GET /api/health handler. */
export function createHealthHandler(deps: AppDeps, now: () => number) {
  const { config, stores } = deps;
  const ping = async (): Promise<void> => {
    await Promise.all([stores.scans.ping(), stores.keys.ping(), stores.sessions.ping(), stores.rateLimits.ping()]);
  };
  const isoTime = createIsoTime();
  // The body is written by hand: its only varying member is our own ISO time (nothing to escape).
  const version = JSON.stringify(config.version);
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  const degradedHeaders = { ...headers, 'retry-after': '5' };
  return async function healthHandler(_request: Request, ctx: RequestContext): Promise<Response> {
    const connected = await pingWithin(ping, config.healthTimeoutMs);
    const timestamp = isoTime(now());
    if (connected) return respond(ctx, 200, `{"status":"ok","timestamp":"${timestamp}","version":${version},"db":"connected"}`, headers);
    return respond(ctx, 503, `{"status":"degraded","timestamp":"${timestamp}","version":${version},"db":"disconnected"}`, degradedHeaders);
  };
}
