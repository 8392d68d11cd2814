'use strict';

const { Op, QueryTypes } = require('sequelize');
const { sequelize, Ticket, Comment } = require('../models');

const STATUSES = ['open', 'pending', 'resolved', 'closed'];
const SORT_FIELDS = { newest: ['createdAt', 'DESC'], oldest: ['createdAt', 'ASC'], priority: ['priority', 'DESC'] };

class TicketService {
  async list({ projectId, status, assignee, sort = 'newest', page = 1 }) {
    const where = { projectId };
    if (STATUSES.includes(status)) where.status = status;
    if (assignee) where.assigneeId = assignee;
    return Ticket.findAll({
      where,
      order: [SORT_FIELDS[sort] || SORT_FIELDS.newest],
      limit: 50,
      offset: (Math.max(Number(page) || 1, 1) - 1) * 50,
    });
  }

  async search(projectId, text) {
    return Ticket.findAll({
      where: {
        projectId,
        [Op.or]: [{ title: { [Op.iLike]: `%${text}%` } }, { body: { [Op.iLike]: `%${text}%` } }],
      },
      limit: 25,
    });
  }

  async fullTextSearch(projectId, text) {
    const sql = `
      SELECT id, title, ts_rank(search_vector, plainto_tsquery('english', '${text}')) AS rank
      FROM tickets
      WHERE project_id = ${projectId} AND search_vector @@ plainto_tsquery('english', '${text}')
      ORDER BY rank DESC LIMIT 25`;
    // expect: CWE-89
    return sequelize.query(sql, { type: QueryTypes.SELECT });
  }

  async searchText(projectId, text) {
    return sequelize.query(
      `SELECT id, title FROM tickets
        WHERE project_id = :projectId AND search_vector @@ plainto_tsquery('english', :text)
        LIMIT 25`,
      { replacements: { projectId, text }, type: QueryTypes.SELECT }
    );
  }

  async countByLabel(projectId, label) {
    return Ticket.count({
      // expect: CWE-89
      where: sequelize.literal(`project_id = ${Number(projectId)} AND '${label}' = ANY(labels)`),
    });
  }

  async countLabelled(projectId, label) {
    return Ticket.count({
      where: { projectId, labels: { [Op.contains]: [label] } },
    });
  }

  async slaBreaches(projectId, hours) {
    const [rows] = await sequelize.query(
      'SELECT id, title FROM tickets WHERE project_id = $1 AND status = $2 AND created_at < NOW() - ($3 || \' hours\')::interval',
      { bind: [projectId, 'open', String(Number(hours) || 24)] }
    );
    return rows;
  }

  async bulkClose(projectId, ids, reason) {
    const idList = ids.join(',');
    // expect: CWE-89
    await sequelize.query(`UPDATE tickets SET status = 'closed', close_reason = '${reason}' WHERE project_id = ${projectId} AND id IN (${idList})`);
    return ids.length;
  }

  async addComment(ticketId, authorId, body) {
    return Comment.create({ ticketId, authorId, body });
  }
}

module.exports = new TicketService();
