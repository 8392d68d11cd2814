import { Injectable, ForbiddenException, NotFoundException, BadRequestException } from '@nestjs/common';
import { Prisma, PrismaClient, TicketStatus } from '@prisma/client';
import { randomBytes, createHash } from 'crypto';
import { HttpService } from '@nestjs/axios';
import { firstValueFrom } from 'rxjs';
import * as path from 'path';
import { promises as fs } from 'fs';
import sanitizeHtml from 'sanitize-html';

export interface ListTicketsQuery {
  status?: string;
  assignee?: string;
  search?: string;
  sort?: string;
  page?: number;
}

const SORTS: Record<string, Prisma.TicketOrderByWithRelationInput> = {
  newest: { createdAt: 'desc' },
  oldest: { createdAt: 'asc' },
  priority: { priority: 'desc' },
};

const ATTACH_ROOT = path.resolve(process.env.ATTACH_ROOT ?? '/srv/tickets/attachments');

@Injectable()
export class TicketsService {
  constructor(private readonly prisma: PrismaClient, private readonly http: HttpService) {}

  async list(orgId: string, q: ListTicketsQuery) {
    const where: Prisma.TicketWhereInput = { orgId };
    if (q.status && (Object.values(TicketStatus) as string[]).includes(q.status)) {
      where.status = q.status as TicketStatus;
    }
    if (q.assignee) where.assigneeId = String(q.assignee);
    if (q.search) where.subject = { contains: String(q.search), mode: 'insensitive' };
    const orderBy = SORTS[q.sort ?? ''] ?? SORTS.newest;
    const page = Math.max(1, Number(q.page) || 1);
    return this.prisma.ticket.findMany({ where, orderBy, skip: (page - 1) * 25, take: 25 });
  }

  async countByStatus(orgId: string, since: Date) {
    return this.prisma.$queryRaw<Array<{ status: string; n: bigint }>>`
      SELECT status, count(*) AS n FROM "Ticket"
      WHERE "orgId" = ${orgId} AND "createdAt" >= ${since}
      GROUP BY status`;
  }

  async addComment(orgId: string, ticketId: string, authorId: string, html: string) {
    const ticket = await this.prisma.ticket.findFirst({ where: { id: ticketId, orgId } });
    if (!ticket) throw new NotFoundException();
    const clean = sanitizeHtml(html, {
      allowedTags: ['b', 'i', 'em', 'strong', 'a', 'p', 'ul', 'ol', 'li', 'code', 'pre'],
      allowedAttributes: { a: ['href'] },
      allowedSchemes: ['https', 'mailto'],
    });
    return this.prisma.comment.create({ data: { ticketId, authorId, bodyHtml: clean } });
  }

  async createPortalLink(orgId: string, ticketId: string) {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await this.prisma.portalLink.create({
      data: { orgId, ticketId, tokenHash, expiresAt: new Date(Date.now() + 72 * 3600e3) },
    });
    return { url: `https://support.example.com/p/${token}` };
  }

  async readAttachment(orgId: string, ticketId: string, name: string): Promise<Buffer> {
    const ticket = await this.prisma.ticket.findFirst({ where: { id: ticketId, orgId } });
    if (!ticket) throw new NotFoundException();
    const base = path.join(ATTACH_ROOT, orgId, ticketId);
    const resolved = path.resolve(base, name);
    if (!resolved.startsWith(base + path.sep)) {
      throw new ForbiddenException();
    }
    return fs.readFile(resolved);
  }

  async notifySlack(orgId: string, text: string) {
    const org = await this.prisma.org.findUniqueOrThrow({ where: { id: orgId } });
    if (!org.slackWebhookPath) throw new BadRequestException('slack not configured');
    const url = new URL(org.slackWebhookPath, 'https://hooks.slack.com');
    if (url.hostname !== 'hooks.slack.com' || url.protocol !== 'https:') {
      throw new BadRequestException('invalid webhook');
    }
    await firstValueFrom(this.http.post(url.toString(), { text }, { timeout: 5000, maxRedirects: 0 }));
  }

  attachmentEtag(content: Buffer): string {
    return createHash('md5').update(content).digest('hex');
  }
}
