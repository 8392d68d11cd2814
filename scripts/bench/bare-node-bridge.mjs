// A second Node baseline: a fetch handler answering a fixed JSON body through the same node:http ↔
// fetch bridge our Node server uses (@hono/node-server), so the report can tell the bridge's cost
// (the price of one app on three runtimes) from the cost of our own stack.
import { serve } from '@hono/node-server';

const body = JSON.stringify({ status: 'ok' });
const server = serve({ port: Number(process.env.PORT), hostname: '127.0.0.1', fetch: () => new Response(body, { headers: { 'content-type': 'application/json' } }) }, () =>
  console.log('listening'),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
