'use strict';

/**
 * Reporting queries for the analytics dashboard (PostgreSQL via knex).
 */
const knex = require('knex')({
  client: 'pg',
  connection: process.env.DATABASE_URL,
  pool: { min: 2, max: 10 },
});

const GROUPINGS = {
  day: "date_trunc('day', o.created_at)",
  week: "date_trunc('week', o.created_at)",
  month: "date_trunc('month', o.created_at)",
};

const SORTABLE = new Set(['revenue', 'orders', 'customers']);

class ReportsRepository {
  constructor(db = knex) {
    this.db = db;
  }

  async revenueByPeriod({ accountId, from, to, groupBy = 'day' }) {
    const bucket = GROUPINGS[groupBy] || GROUPINGS.day;
    return this.db('orders as o')
      .select(this.db.raw(`${bucket} AS period`))
      .sum({ revenue: 'o.total' })
      .count({ orders: 'o.id' })
      .where('o.account_id', accountId)
      .andWhere('o.created_at', '>=', from)
      .andWhere('o.created_at', '<', to)
      .groupByRaw(bucket)
      .orderBy('period');
  }

  async topProducts({ accountId, limit = 10, category }) {
    const q = this.db('order_lines as l')
      .join('orders as o', 'o.id', 'l.order_id')
      .join('products as p', 'p.id', 'l.product_id')
      .select('p.sku', 'p.name')
      .sum({ units: 'l.qty' })
      .where('o.account_id', accountId)
      .groupBy('p.sku', 'p.name')
      .orderBy('units', 'desc')
      .limit(Math.min(Number(limit) || 10, 100));
    if (category) q.andWhere('p.category', category);
    return q;
  }

  async customersBySegment({ accountId, segment, sort = 'revenue', direction = 'desc' }) {
    const column = SORTABLE.has(sort) ? sort : 'revenue';
    const dir = direction === 'asc' ? 'asc' : 'desc';
    return this.db
      .select('c.id', 'c.email')
      .sum({ revenue: 'o.total' })
      .count({ orders: 'o.id' })
      .countDistinct({ customers: 'c.id' })
      .from('customers as c')
      .leftJoin('orders as o', 'o.customer_id', 'c.id')
      .where({ 'c.account_id': accountId, 'c.segment': segment })
      .groupBy('c.id', 'c.email')
      .orderBy(column, dir);
  }

  async searchCustomers(accountId, term) {
    return this.db('customers')
      .select('id', 'email', 'name')
      .where('account_id', accountId)
      .andWhere((qb) => qb.whereILike('email', `%${term}%`).orWhereILike('name', `%${term}%`))
      .limit(25);
  }

  async cohortRetention(accountId, months) {
    const { rows } = await this.db.raw(
      `SELECT cohort, month_offset, COUNT(DISTINCT customer_id) AS active
         FROM customer_cohorts
        WHERE account_id = ? AND month_offset <= ?
        GROUP BY cohort, month_offset
        ORDER BY cohort, month_offset`,
      [accountId, Number(months) || 12]
    );
    return rows;
  }

  async refundsOver(accountId, amount) {
    return this.db('refunds')
      .where('account_id', accountId)
      .whereRaw('amount > ?::numeric', [amount])
      .orderBy('created_at', 'desc');
  }

  async recordExport(accountId, userId, kind) {
    const [row] = await this.db('report_exports')
      .insert({ account_id: accountId, user_id: userId, kind, created_at: this.db.fn.now() })
      .returning(['id']);
    return row.id;
  }
}

module.exports = { ReportsRepository, knex };
