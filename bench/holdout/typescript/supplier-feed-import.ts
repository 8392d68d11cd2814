/**
 * Lambda: triggered when suppliers drop catalog feeds into the inbound bucket
 * (via SFTP transfer family). Also handles resumable import checkpoints.
 */
import type { S3Event, SQSEvent } from 'aws-lambda';
import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';
import * as libxmljs from 'libxmljs2';
import { XMLParser } from 'fast-xml-parser';
import * as serialize from 'node-serialize';
import { writeFile, mkdir } from 'fs/promises';
import * as path from 'path';
import { Pool } from 'pg';

const s3 = new S3Client({});
const pool = new Pool({ connectionString: process.env.DATABASE_URL });
const WORK_DIR = '/tmp/feeds';

interface FeedItem {
  sku: string;
  title: string;
  price: number;
}

interface Checkpoint {
  feedKey: string;
  processed: number;
  startedAt: string;
}

async function fetchObject(bucket: string, key: string): Promise<string> {
  const obj = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await obj.Body!.transformToString('utf-8')) as string;
}

function parseLegacyFeed(xml: string): FeedItem[] {
  // expect: CWE-611
  const doc = libxmljs.parseXml(xml, { noent: true, dtdload: true, nonet: false });
  return doc.find('//item').map((node: any) => ({
    sku: node.get('sku')?.text() ?? '',
    title: node.get('title')?.text() ?? '',
    price: Number(node.get('price')?.text() ?? 0),
  }));
}

function parseModernFeed(xml: string): FeedItem[] {
  const parser = new XMLParser({ ignoreAttributes: false, processEntities: false, allowBooleanAttributes: true });
  const parsed = parser.parse(xml);
  const items = Array.isArray(parsed.catalog?.item) ? parsed.catalog.item : [parsed.catalog?.item].filter(Boolean);
  return items.map((i: any) => ({ sku: String(i.sku), title: String(i.title), price: Number(i.price) }));
}

async function upsertItems(supplierId: string, items: FeedItem[]) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const item of items) {
      await client.query(
        'INSERT INTO supplier_items (supplier_id, sku, title, price) VALUES ($1, $2, $3, $4) ON CONFLICT (supplier_id, sku) DO UPDATE SET title = EXCLUDED.title, price = EXCLUDED.price',
        [supplierId, item.sku, item.title, item.price],
      );
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
}

export const onFeedUploaded = async (event: S3Event) => {
  for (const record of event.Records) {
    const bucket = record.s3.bucket.name;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const [supplierId, ...rest] = key.split('/');
    const fileName = rest.join('/');

    const xml = await fetchObject(bucket, key);
    const items = fileName.endsWith('.v1.xml') ? parseLegacyFeed(xml) : parseModernFeed(xml);

    await mkdir(path.join(WORK_DIR, supplierId), { recursive: true });
    const archivePath = path.join(WORK_DIR, supplierId, fileName);
    // expect: CWE-22
    await writeFile(archivePath, xml, 'utf8');

    await upsertItems(supplierId, items);
  }
};

// Long imports are split; progress is handed over through SQS.
export const onCheckpoint = async (event: SQSEvent) => {
  for (const msg of event.Records) {
    const envelope = JSON.parse(msg.body) as { checkpoint: string; source: string };
    // expect: CWE-502
    const cp: Checkpoint = serialize.unserialize(Buffer.from(envelope.checkpoint, 'base64').toString('utf8'));
    const meta = JSON.parse(msg.messageAttributes?.meta?.stringValue ?? '{}') as { supplier?: string };
    console.log(`resuming ${cp.feedKey} at ${cp.processed} (supplier ${meta.supplier ?? 'unknown'}, from ${envelope.source})`);
  }
};
