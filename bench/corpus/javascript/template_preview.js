// Marketing e-mail builder: live previews of campaign templates.
const express = require('express');
const ejs = require('ejs');
const pug = require('pug');
const Handlebars = require('handlebars');
const path = require('path');
const vm = require('vm');

const app = express();
app.use(express.json({ limit: '256kb' }));
app.set('view engine', 'ejs');
app.set('views', path.join(__dirname, 'views'));

const SAMPLE = { firstName: 'Jamie', lastName: 'Rivera', city: 'Lisbon', points: 1240 };
const LAYOUTS = new Set(['newsletter', 'promo', 'receipt']);

// POST /campaigns/preview { "body": "<h1>Hi <%= firstName %></h1>" }
app.post('/campaigns/preview', (req, res) => {
  const body = req.body.body || '';
  // expect: CWE-1336
  const html = ejs.render(body, SAMPLE);
  res.type('html').send(html);
});

// POST /campaigns/preview-pug { "source": "h1 Hi #{firstName}" }
app.post('/campaigns/preview-pug', (req, res) => {
  const source = req.body.source;
  const options = { cache: false, pretty: true };
  // expect: CWE-1336
  const fn = pug.compile(source, options);
  res.type('html').send(fn(SAMPLE));
});

// POST /campaigns/preview-hbs { "headline": "Summer sale" }
const promoTemplate = Handlebars.compile('<h1>{{headline}}</h1><p>Hi {{firstName}}, you have {{points}} points.</p>');
app.post('/campaigns/preview-hbs', (req, res) => {
  res.type('html').send(promoTemplate({ ...SAMPLE, headline: String(req.body.headline || '') }));
});

// GET /campaigns/:layout/preview?headline=Summer+sale
app.get('/campaigns/:layout/preview', (req, res) => {
  const layout = LAYOUTS.has(req.params.layout) ? req.params.layout : 'newsletter';
  res.render(`layouts/${layout}`, { headline: req.query.headline || 'Hello', ...SAMPLE });
});

// GET /campaigns/subject-test?subject=...
app.get('/campaigns/subject-test', (req, res) => {
  const subject = req.query.subject || '';
  // expect: CWE-79
  res.send(`<html><body><p>Subject line preview:</p><h2>${subject}</h2></body></html>`);
});

// GET /campaigns/subject-render?subject=...
app.get('/campaigns/subject-render', (req, res) => {
  const subject = String(req.query.subject || '');
  res.send(ejs.render('<p>Subject line preview:</p><h2><%= subject %></h2>', { subject }));
});

// POST /campaigns/segment-size { "rule": "points > 1000 && city === 'Lisbon'" }
app.post('/campaigns/segment-size', async (req, res) => {
  const contacts = await req.app.locals.contacts.all();
  const rule = req.body.rule;
  let matched = 0;
  for (const contact of contacts) {
    // expect: CWE-94
    if (vm.runInNewContext(rule, { ...contact })) matched += 1;
  }
  res.json({ matched, total: contacts.length });
});

// POST /campaigns/score { "weights": "{\"opens\":2,\"clicks\":5}" }
app.post('/campaigns/score', (req, res) => {
  let weights;
  try {
    weights = JSON.parse(req.body.weights);
  } catch (e) {
    return res.status(400).json({ error: 'weights must be JSON' });
  }
  const score = (weights.opens || 0) * 10 + (weights.clicks || 0) * 3;
  res.json({ score });
});

// GET /campaigns/calc?expr=...
app.get('/campaigns/calc', (req, res) => {
  const discount = Number(req.query.base || 0);
  // expect: CWE-95
  const total = eval('(' + req.query.expr + ') * ' + discount);
  res.json({ total });
});

module.exports = app;
