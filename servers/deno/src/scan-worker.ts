/** A scan worker of the Deno server (a Web Worker): one scanner, fed by the pool through the worker's global scope. */
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { serveScans, webWorkerPort } from '@secscan/http/scan-worker';

serveScans(webWorkerPort(), (models) => createScanner({ loader: grammarLoader, models }));
