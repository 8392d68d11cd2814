/**
 * Nightly invoice worker: pulls usage from the metering API, prices it and
 * writes invoices. Runs as a Kubernetes CronJob.
 */
import { Client as PgClient } from 'pg';
import { createHmac, randomBytes } from 'crypto';
import yaml from 'js-yaml';
import { readFile } from 'fs/promises';
import { XMLParser } from 'fast-xml-parser';

interface PriceBook {
  currency: string;
  tiers: { upTo: number | null; unitPrice: number }[];
}

interface UsageRecord {
  customerId: string;
  units: number;
}

const METERING_URL = process.env.METERING_URL ?? 'https://metering.internal.example.com';
const WEBHOOK_SECRET = process.env.INVOICE_WEBHOOK_SECRET ?? '';

async function loadPriceBook(): Promise<PriceBook> {
  const raw = await readFile(process.env.PRICEBOOK_PATH ?? '/config/pricebook.yaml', 'utf8');
  return yaml.load(raw, { schema: yaml.JSON_SCHEMA }) as PriceBook;
}

function price(units: number, book: PriceBook): number {
  let remaining = units;
  let lower = 0;
  let total = 0;
  for (const tier of book.tiers) {
    const cap = tier.upTo === null ? Infinity : tier.upTo - lower;
    const used = Math.min(remaining, cap);
    total += used * tier.unitPrice;
    remaining -= used;
    lower = tier.upTo ?? lower;
    if (remaining <= 0) break;
  }
  return Math.round(total * 100) / 100;
}

async function fetchUsage(period: string): Promise<UsageRecord[]> {
  const res = await fetch(`${METERING_URL}/v1/usage?period=${encodeURIComponent(period)}`, {
    headers: { authorization: `Bearer ${process.env.METERING_TOKEN}` },
  });
  if (!res.ok) throw new Error(`metering responded ${res.status}`);
  const parser = new XMLParser({ ignoreAttributes: false, processEntities: false });
  const doc = parser.parse(await res.text());
  const rows = doc.usage?.record ?? [];
  return (Array.isArray(rows) ? rows : [rows]).map((r: any) => ({
    customerId: String(r['@_customer']),
    units: Number(r['@_units']),
  }));
}

function invoiceNumber(period: string): string {
  return `INV-${period.replace('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

function signWebhook(body: string): string {
  return createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
}

export async function run(period: string): Promise<void> {
  if (!/^\d{4}-\d{2}$/.test(period)) throw new Error('period must be YYYY-MM');
  const book = await loadPriceBook();
  const usage = await fetchUsage(period);
  const db = new PgClient({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query('BEGIN');
    for (const u of usage) {
      const amount = price(u.units, book);
      await db.query(
        'INSERT INTO invoices (number, customer_id, period, units, amount, currency) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (customer_id, period) DO NOTHING',
        [invoiceNumber(period), u.customerId, period, u.units, amount, book.currency],
      );
    }
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  } finally {
    await db.end();
  }
  const body = JSON.stringify({ event: 'invoices.generated', period, count: usage.length });
  await fetch(process.env.BILLING_WEBHOOK_URL ?? 'https://billing.internal.example.com/hooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signWebhook(body) },
    body,
  });
}

if (require.main === module) {
  run(process.argv[2] ?? new Date().toISOString().slice(0, 7)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
