/** GET /api/health — public; never waits longer than the configured deadline for the stores. */
import { respondJson, type RequestContext } from '../context.ts';
import type { AppDeps } from '../deps.ts';

/** Resolves true when `ping` succeeds within `timeoutMs`, false when it fails or is too slow. */
export async function pingWithin(ping: () => Promise<void>, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(ping)
        .then(
          () => true,
          () => false,
        ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Builds the GET /api/health handler. */
export function createHealthHandler(deps: AppDeps, now: () => number) {
  const { config, stores } = deps;
  return async function healthHandler(_request: Request, ctx: RequestContext): Promise<Response> {
    const ping = async (): Promise<void> => {
      await Promise.all([stores.scans.ping(), stores.keys.ping(), stores.sessions.ping(), stores.rateLimits.ping()]);
    };
    const connected = await pingWithin(ping, config.healthTimeoutMs);
    const body = {
      status: connected ? 'ok' : 'degraded',
      timestamp: new Date(now()).toISOString(),
      version: config.version,
      db: connected ? 'connected' : 'disconnected',
    };
    return respondJson(ctx, connected ? 200 : 503, body, connected ? {} : { 'retry-after': '5' });
  };
}
