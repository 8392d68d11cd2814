// The baseline: bare node:http answering a fixed JSON body (what our Node stack is measured against).
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
