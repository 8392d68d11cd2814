import { Prisma, PrismaClient } from '@prisma/client';

export interface DateRange {
  from: Date;
  to: Date;
}

export interface EventFilter extends DateRange {
  workspaceId: string;
  eventName?: string;
  country?: string;
  groupBy?: 'day' | 'week' | 'month';
}

const INTERVALS = { day: 'day', week: 'week', month: 'month' } as const;

export class AnalyticsRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Daily active users for a workspace. */
  async dailyActiveUsers(workspaceId: string, range: DateRange) {
    return this.prisma.$queryRaw<{ day: Date; users: bigint }[]>`
      SELECT date_trunc('day', occurred_at) AS day, COUNT(DISTINCT user_id) AS users
      FROM events
      WHERE workspace_id = ${workspaceId}
        AND occurred_at >= ${range.from} AND occurred_at < ${range.to}
      GROUP BY 1 ORDER BY 1`;
  }

  async eventCounts(filter: EventFilter) {
    const interval = INTERVALS[filter.groupBy ?? 'day'] ?? 'day';
    const conditions: Prisma.Sql[] = [
      Prisma.sql`workspace_id = ${filter.workspaceId}`,
      Prisma.sql`occurred_at >= ${filter.from}`,
      Prisma.sql`occurred_at < ${filter.to}`,
    ];
    if (filter.eventName) conditions.push(Prisma.sql`name = ${filter.eventName}`);
    if (filter.country) conditions.push(Prisma.sql`country = ${filter.country}`);
    return this.prisma.$queryRaw`
      SELECT date_trunc(${interval}, occurred_at) AS bucket, COUNT(*)::int AS count
      FROM events
      WHERE ${Prisma.join(conditions, ' AND ')}
      GROUP BY 1 ORDER BY 1`;
  }

  async topPages(workspaceId: string, limit: number, pathPrefix?: string) {
    let sql = `SELECT path, COUNT(*)::int AS views FROM page_views WHERE workspace_id = '${workspaceId}'`;
    if (pathPrefix) {
      sql += ` AND path LIKE '${pathPrefix}%'`;
    }
    sql += ` GROUP BY path ORDER BY views DESC LIMIT ${Number(limit) || 20}`;
    // expect: CWE-89
    return this.prisma.$queryRawUnsafe<{ path: string; views: number }[]>(sql);
  }

  async topPagesWithPrefix(workspaceId: string, limit: number, pathPrefix = '') {
    return this.prisma.$queryRawUnsafe<{ path: string; views: number }[]>(
      'SELECT path, COUNT(*)::int AS views FROM page_views WHERE workspace_id = $1 AND path LIKE $2 GROUP BY path ORDER BY views DESC LIMIT $3',
      workspaceId,
      `${pathPrefix}%`,
      Math.min(Number(limit) || 20, 100),
    );
  }

  async funnel(workspaceId: string, steps: string[]) {
    const stepList = steps.map((s) => `'${s}'`).join(', ');
    // expect: CWE-89
    return this.prisma.$queryRawUnsafe(`SELECT name, COUNT(DISTINCT user_id)::int AS users FROM events WHERE workspace_id = $1 AND name IN (${stepList}) GROUP BY name`, workspaceId);
  }

  async funnelSteps(workspaceId: string, steps: string[]) {
    return this.prisma.$queryRaw`
      SELECT name, COUNT(DISTINCT user_id)::int AS users
      FROM events
      WHERE workspace_id = ${workspaceId} AND name IN (${Prisma.join(steps)})
      GROUP BY name`;
  }

  async purgeUser(workspaceId: string, userExternalId: string) {
    const table = 'events';
    // expect: CWE-89
    await this.prisma.$executeRawUnsafe(`DELETE FROM ${table} WHERE workspace_id = '${workspaceId}' AND user_external_id = '${userExternalId}'`);
    await this.prisma.pageView.deleteMany({ where: { workspaceId, userExternalId } });
  }

  async sessionsForUser(workspaceId: string, userExternalId: string) {
    return this.prisma.session.findMany({
      where: { workspaceId, userExternalId },
      orderBy: { startedAt: 'desc' },
      take: 100,
    });
  }
}
