'use strict';

const Hapi = require('@hapi/hapi');
const Inert = require('@hapi/inert');
const Joi = require('joi');
const Handlebars = require('handlebars');
const _ = require('lodash');
const path = require('path');
const { Pool } = require('pg');

const pool = new Pool();

const summaryTemplate = Handlebars.compile(
  '<section><h2>{{title}}</h2><ul>{{#each rows}}<li>{{this.label}}: {{this.value}}</li>{{/each}}</ul></section>'
);

const REPORT_QUERIES = {
  daily_sales: 'SELECT date_trunc(\'day\', created_at) AS label, sum(total) AS value FROM orders WHERE tenant_id = $1 GROUP BY 1 ORDER BY 1',
  top_products: 'SELECT p.name AS label, count(*) AS value FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.tenant_id = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT 20',
};

async function loadRows(reportName, tenantId) {
  const sql = REPORT_QUERIES[reportName];
  if (!sql) return null;
  const { rows } = await pool.query(sql, [tenantId]);
  return rows;
}

function computeDerived(rows, columns) {
  return rows.map((row) => {
    const extra = {};
    for (const col of columns) {
      // expect: CWE-94
      const fn = new Function('row', `return (${col.expr});`);
      extra[col.name] = fn(row);
    }
    return { ...row, ...extra };
  });
}

const init = async () => {
  const server = Hapi.server({
    port: process.env.PORT || 3000,
    routes: { files: { relativeTo: path.join(__dirname, 'exports') } },
  });
  await server.register(Inert);

  server.route({
    method: 'GET',
    path: '/reports/{name}/summary',
    options: {
      validate: { params: Joi.object({ name: Joi.string().valid(...Object.keys(REPORT_QUERIES)) }) },
    },
    handler: async (request, h) => {
      const rows = await loadRows(request.params.name, request.auth.credentials.tenantId);
      const html = summaryTemplate({ title: request.query.title || request.params.name, rows });
      return h.response(html).type('text/html');
    },
  });

  server.route({
    method: 'GET',
    path: '/reports/{name}/table',
    handler: async (request, h) => {
      const rows = await loadRows(request.params.name, request.auth.credentials.tenantId);
      if (!rows) return h.response('unknown report').code(404);
      const title = request.query.title || 'Report';
      let table = '<table>';
      for (const r of rows) {
        table += `<tr><td>${_.escape(String(r.label))}</td><td>${Number(r.value)}</td></tr>`;
      }
      table += '</table>';
      // expect: CWE-79
      return h.response('<h2>' + title + '</h2>' + table).type('text/html');
    },
  });

  server.route({
    method: 'POST',
    path: '/reports/{name}/custom',
    handler: async (request, h) => {
      const rows = await loadRows(request.params.name, request.auth.credentials.tenantId);
      if (!rows) return h.response('unknown report').code(404);
      const { layout, columns = [] } = request.payload;
      const enriched = computeDerived(rows, columns);
      // expect: CWE-1336
      const render = _.template(layout);
      return h.response(render({ rows: enriched })).type('text/html');
    },
  });

  server.route({
    method: 'GET',
    path: '/exports/{file}',
    handler: (request, h) => h.file(request.params.file, { confine: true }),
  });

  await server.start();
  return server;
};

module.exports = { init };
