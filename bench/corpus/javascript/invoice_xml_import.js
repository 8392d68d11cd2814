/**
 * e-Invoicing import endpoints (UBL 2.1 XML).
 *
 * Suppliers POST invoices as XML; finance users can query the archive and
 * keep a half-filled "draft" in a cookie between page loads.
 */
const express = require('express');
const cookieParser = require('cookie-parser');
const multer = require('multer');
const fs = require('fs');
const path = require('path');
const libxmljs = require('libxmljs2');
const xpath = require('xpath');
const { DOMParser } = require('@xmldom/xmldom');
const serialize = require('node-serialize');

const router = express.Router();
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 5 * 1024 * 1024 } });

const ARCHIVE_DIR = path.resolve(process.env.INVOICE_ARCHIVE || '/data/invoices');
const ARCHIVE_INDEX = path.join(ARCHIVE_DIR, 'index.xml');
const CUSTOMER_ID_RE = /^[A-Z0-9]{6,12}$/;

router.use(cookieParser());

function extractTotals(doc) {
  const ns = { cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2' };
  const id = doc.get('//cbc:ID', ns);
  const total = doc.get('//cbc:PayableAmount', ns);
  return { id: id && id.text(), total: total && Number(total.text()) };
}

// POST /invoices  (Content-Type: application/xml)
router.post('/invoices', express.text({ type: ['application/xml', 'text/xml'], limit: '2mb' }), (req, res) => {
  let doc;
  try {
    // expect: CWE-611
    doc = libxmljs.parseXml(req.body, { noent: true, dtdload: true, nonet: false });
  } catch (err) {
    return res.status(400).json({ error: 'malformed XML' });
  }
  res.status(201).json(extractTotals(doc));
});

// POST /invoices/validate  (same payload, stricter parser)
router.post('/invoices/validate', express.text({ type: ['application/xml', 'text/xml'], limit: '2mb' }), (req, res) => {
  try {
    const doc = libxmljs.parseXml(req.body, { noent: false, dtdload: false, nonet: true });
    res.json({ valid: true, ...extractTotals(doc) });
  } catch (err) {
    res.status(400).json({ valid: false });
  }
});

// POST /invoices/attachments  multipart: customerId, file
router.post('/invoices/attachments', upload.single('file'), (req, res) => {
  const dir = path.join(ARCHIVE_DIR, req.body.customerId);
  fs.mkdirSync(dir, { recursive: true });
  // expect: CWE-22
  fs.writeFileSync(path.join(dir, req.file.originalname), req.file.buffer);
  res.status(201).json({ stored: req.file.originalname });
});

// POST /invoices/attachments/v2
router.post('/invoices/attachments/v2', upload.single('file'), (req, res) => {
  const customerId = String(req.body.customerId || '');
  if (!CUSTOMER_ID_RE.test(customerId)) return res.status(400).json({ error: 'bad customer id' });
  const dir = path.join(ARCHIVE_DIR, customerId);
  fs.mkdirSync(dir, { recursive: true });
  const name = path.basename(req.file.originalname).replace(/[^\w.-]/g, '_');
  fs.writeFileSync(path.join(dir, name), req.file.buffer);
  res.status(201).json({ stored: name });
});

// GET /invoices/search?customer=ACME01&status=open
router.get('/invoices/search', (req, res) => {
  const index = new DOMParser().parseFromString(fs.readFileSync(ARCHIVE_INDEX, 'utf8'), 'text/xml');
  const expr = "//invoice[@customer='" + req.query.customer + "' and @status='" + (req.query.status || 'open') + "']";
  // expect: CWE-643
  const nodes = xpath.select(expr, index);
  res.json(nodes.map((n) => ({ id: n.getAttribute('id'), total: n.getAttribute('total') })));
});

// GET /invoices/by-number/:number
router.get('/invoices/by-number/:number', (req, res) => {
  const index = new DOMParser().parseFromString(fs.readFileSync(ARCHIVE_INDEX, 'utf8'), 'text/xml');
  const nodes = xpath.parse('//invoice[@number=$number]').select({
    node: index,
    variables: { number: req.params.number },
  });
  if (nodes.length === 0) return res.status(404).end();
  res.json({ id: nodes[0].getAttribute('id') });
});

// GET /invoices/draft
router.get('/invoices/draft', (req, res) => {
  if (!req.cookies.invoice_draft) return res.json({});
  const raw = Buffer.from(req.cookies.invoice_draft, 'base64').toString('utf8');
  // expect: CWE-502
  const draft = serialize.unserialize(raw);
  res.json(draft);
});

// PUT /invoices/draft
router.put('/invoices/draft', express.json(), (req, res) => {
  const encoded = Buffer.from(JSON.stringify(req.body)).toString('base64');
  res.cookie('invoice_draft_v2', encoded, { httpOnly: true, secure: true, sameSite: 'strict' });
  res.status(204).end();
});

module.exports = router;
