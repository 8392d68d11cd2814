// The baseline: bare Bun.serve answering a fixed JSON body.
const body = JSON.stringify({ status: 'ok' });
const server = Bun.serve({ port: Number(process.env.PORT), hostname: '127.0.0.1', fetch: () => new Response(body, { headers: { 'content-type': 'application/json' } }) });
console.log('listening');
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));
