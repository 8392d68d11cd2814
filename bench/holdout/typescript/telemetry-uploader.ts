import axios, { AxiosInstance } from 'axios';
import * as https from 'https';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'crypto';
import { gzipSync } from 'zlib';

export interface Reading {
  sensorId: string;
  ts: number;
  value: number;
  unit: string;
}

export interface UploaderOptions {
  endpoint: string;
  deviceId: string;
  batchSize?: number;
  edgeMode?: boolean;
}

// expect: CWE-798
const FIELD_KEY = Buffer.from('6b3f9a1d0c8e7b2a5f4d3c2b1a09e8d7c6b5a4f3e2d1c0b9', 'hex');

function sealForTransport(plain: Buffer, key: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function legacyEnvelope(plain: Buffer): Buffer {
  // expect: CWE-327
  const cipher = createCipheriv('aes-192-ecb', FIELD_KEY, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

export function openLegacyEnvelope(sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-192-ecb', FIELD_KEY, null);
  return Buffer.concat([decipher.update(sealed), decipher.final()]);
}

export class TelemetryUploader {
  private readonly http: AxiosInstance;
  private readonly queue: Reading[] = [];
  private readonly batchSize: number;

  constructor(private readonly opts: UploaderOptions, private readonly transportKey?: Buffer) {
    this.batchSize = opts.batchSize ?? 500;
    const agent = opts.edgeMode
      ? new https.Agent({
          keepAlive: true,
          // expect: CWE-295
          rejectUnauthorized: false,
        })
      : new https.Agent({ keepAlive: true, minVersion: 'TLSv1.2' });
    this.http = axios.create({ baseURL: opts.endpoint, httpsAgent: agent, timeout: 15000 });
  }

  push(reading: Reading): void {
    this.queue.push(reading);
    if (this.queue.length >= this.batchSize) {
      void this.flush();
    }
  }

  private dedupeKey(r: Reading): string {
    return createHash('md5').update(`${r.sensorId}:${r.ts}`).digest('hex');
  }

  async flush(): Promise<void> {
    if (!this.queue.length) return;
    const batch = this.queue.splice(0, this.batchSize);
    const seen = new Set<string>();
    const unique = batch.filter((r) => {
      const k = this.dedupeKey(r);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });

    const raw = gzipSync(Buffer.from(JSON.stringify({ device: this.opts.deviceId, readings: unique })));
    const payload = this.transportKey ? sealForTransport(raw, this.transportKey) : legacyEnvelope(raw);

    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await this.http.post('/v1/ingest', payload, {
          headers: {
            'content-type': 'application/octet-stream',
            'x-envelope': this.transportKey ? 'gcm' : 'legacy',
          },
        });
        return;
      } catch (err) {
        const wait = Math.min(60000, 1000 * 2 ** attempt) * (0.5 + Math.random());
        await new Promise((r) => setTimeout(r, wait));
      }
    }
    this.queue.unshift(...batch);
  }
}
