// The baseline: bare Deno.serve answering a fixed JSON body.
const body = JSON.stringify({ status: 'ok' });
const server = Deno.serve(
  { port: Number(Deno.env.get('PORT')), hostname: '127.0.0.1', onListen: () => console.log('listening') },
  () => new Response(body, { headers: { 'content-type': 'application/json' } }),
);
Deno.addSignalListener('SIGTERM', () => server.shutdown().then(() => Deno.exit(0)));
