// BullMQ worker that renders invoice PDFs and uploads them to object storage.
const { Worker } = require('bullmq');
const { spawn } = require('child_process');
const fs = require('fs/promises');
const path = require('path');
const os = require('os');
const crypto = require('crypto');
const yaml = require('js-yaml');
const nunjucks = require('nunjucks');
const { S3Client, PutObjectCommand } = require('@aws-sdk/client-s3');

const s3 = new S3Client({});
const BUCKET = process.env.INVOICE_BUCKET;
const TEMPLATE_DIR = path.join(__dirname, 'templates');
const env = nunjucks.configure(TEMPLATE_DIR, { autoescape: true, throwOnUndefined: false });

const ALLOWED_LOCALES = new Set(['en-US', 'en-GB', 'de-DE', 'fr-FR', 'nl-NL']);

async function loadBranding(tenantSlug) {
  if (!/^[a-z0-9-]{2,40}$/.test(tenantSlug)) {
    throw new Error('invalid tenant slug');
  }
  const file = path.join(__dirname, 'branding', `${tenantSlug}.yml`);
  const text = await fs.readFile(file, 'utf8');
  return yaml.load(text, { schema: yaml.CORE_SCHEMA });
}

function renderPdf(htmlPath, pdfPath) {
  return new Promise((resolve, reject) => {
    const child = spawn('wkhtmltopdf', ['--quiet', '--disable-javascript', '--disable-local-file-access', htmlPath, pdfPath], {
      stdio: ['ignore', 'ignore', 'pipe'],
      shell: false,
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`wkhtmltopdf exited ${code}: ${err}`))));
  });
}

async function processInvoice(job) {
  const { invoice, tenantSlug, locale } = job.data;
  const branding = await loadBranding(tenantSlug);
  const lang = ALLOWED_LOCALES.has(locale) ? locale : 'en-US';
  const fmt = new Intl.NumberFormat(lang, { style: 'currency', currency: invoice.currency || 'USD' });

  const html = env.render('invoice.njk', {
    invoice,
    branding,
    lines: invoice.lines.map((l) => ({ ...l, amount: fmt.format(l.amount) })),
    total: fmt.format(invoice.lines.reduce((s, l) => s + l.amount, 0)),
  });

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inv-'));
  const htmlPath = path.join(workDir, 'invoice.html');
  const pdfPath = path.join(workDir, 'invoice.pdf');
  try {
    await fs.writeFile(htmlPath, html, 'utf8');
    await renderPdf(htmlPath, pdfPath);
    const pdf = await fs.readFile(pdfPath);
    const digest = crypto.createHash('md5').update(pdf).digest('base64');
    const key = `invoices/${tenantSlug}/${encodeURIComponent(String(invoice.number))}.pdf`;
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: pdf, ContentType: 'application/pdf', ContentMD5: digest })
    );
    return { key };
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

const worker = new Worker('invoices', processInvoice, {
  connection: { host: process.env.REDIS_HOST, port: 6379, tls: {} },
  concurrency: 4,
});

worker.on('failed', (job, err) => {
  const retryIn = 1000 + Math.floor(Math.random() * 4000);
  console.error(`invoice job ${job && job.id} failed: ${err.message}; retry hint ${retryIn}ms`);
});

module.exports = { processInvoice };
