/** A scan worker thread of the Node server (built to dist/scan-worker.js): one scanner, fed by the pool through parentPort. */
import { parentPort } from 'node:worker_threads';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { serveScans } from '@secscan/http/scan-worker';

const port = parentPort;
if (!port) throw new Error('scan-worker.js runs only as a worker thread of the secscan server');
serveScans({ postMessage: (message) => port.postMessage(message), onMessage: (listener) => port.on('message', listener) }, (models) =>
  createScanner({ loader: grammarLoader, models }),
);
