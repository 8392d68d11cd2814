import {
  Controller,
  Get,
  Injectable,
  NotFoundException,
  Param,
  ParseIntPipe,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { Response } from 'express';
import { Invoice } from './entities/invoice.entity';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { CurrentUser, AuthUser } from '../auth/current-user.decorator';

export class InvoiceFilterDto {
  status?: 'draft' | 'sent' | 'paid' | 'void';
  customer?: string;
  minAmount?: string;
  page?: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

function renderInvoiceHtml(invoice: Invoice): string {
  const lines = invoice.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}</td><td>${l.quantity}</td><td>${(l.unitPriceCents / 100).toFixed(2)}</td></tr>`,
    )
    .join('');
  return `<article class="invoice">
    <h1>Invoice ${escapeHtml(invoice.number)}</h1>
    <p>Bill to: ${escapeHtml(invoice.customerName)}</p>
    <table>${lines}</table>
    <p class="total">Total: ${(invoice.amountCents / 100).toFixed(2)} ${escapeHtml(invoice.currency)}</p>
  </article>`;
}

@Injectable()
export class InvoicesService {
  constructor(
    @InjectRepository(Invoice) private readonly invoices: Repository<Invoice>,
    private readonly dataSource: DataSource,
  ) {}

  async findForAccount(accountId: number, filter: InvoiceFilterDto): Promise<Invoice[]> {
    const page = Math.max(parseInt(filter.page ?? '1', 10) || 1, 1);
    const qb = this.invoices
      .createQueryBuilder('invoice')
      .leftJoinAndSelect('invoice.lines', 'line')
      .where('invoice.accountId = :accountId', { accountId });

    if (filter.status) {
      qb.andWhere('invoice.status = :status', { status: filter.status });
    }
    if (filter.minAmount) {
      qb.andWhere('invoice.amountCents >= :min', { min: Number(filter.minAmount) * 100 });
    }
    if (filter.customer) {
      // expect: CWE-89
      qb.andWhere(`invoice.customerName ILIKE '%${filter.customer}%'`);
    }
    return qb
      .orderBy('invoice.issuedAt', 'DESC')
      .skip((page - 1) * 50)
      .take(50)
      .getMany();
  }

  async findOne(accountId: number, id: number): Promise<Invoice> {
    const invoice = await this.invoices.findOne({
      where: { id, accountId },
      relations: { lines: true },
    });
    if (!invoice) {
      throw new NotFoundException(`Invoice ${id} not found`);
    }
    return invoice;
  }

  async monthlyTotals(accountId: number, year: string, currency: string) {
    const sql =
      "SELECT date_trunc('month', issued_at) AS month, SUM(amount_cents) AS total " +
      'FROM invoices WHERE account_id = $1 AND currency = $2 AND EXTRACT(YEAR FROM issued_at) = ' +
      year +
      ' GROUP BY 1 ORDER BY 1';
    // expect: CWE-89
    return this.dataSource.query(sql, [accountId, currency]);
  }

  async overdue(accountId: number, days: number) {
    return this.dataSource.query(
      `SELECT id, number, customer_name, due_at FROM invoices
       WHERE account_id = $1 AND status = 'sent' AND due_at < now() - ($2 || ' days')::interval
       ORDER BY due_at`,
      [accountId, days],
    );
  }
}

@Controller('invoices')
@UseGuards(JwtAuthGuard)
export class InvoicesController {
  constructor(private readonly service: InvoicesService) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @Query() filter: InvoiceFilterDto) {
    return this.service.findForAccount(user.accountId, filter);
  }

  @Get('reports/monthly')
  monthly(
    @CurrentUser() user: AuthUser,
    @Query('year') year: string,
    @Query('currency') currency = 'EUR',
  ) {
    return this.service.monthlyTotals(user.accountId, year, currency);
  }

  @Get('reports/overdue')
  overdue(@CurrentUser() user: AuthUser, @Query('days', ParseIntPipe) days: number) {
    return this.service.overdue(user.accountId, days);
  }

  @Get(':id')
  findOne(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return this.service.findOne(user.accountId, id);
  }

  @Get(':id/print')
  async print(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    const invoice = await this.service.findOne(user.accountId, id);
    res.type('html').send(renderInvoiceHtml(invoice));
  }

  @Get(':id/preview')
  async preview(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Query('note') note: string,
    @Res() res: Response,
  ) {
    const invoice = await this.service.findOne(user.accountId, id);
    const body = renderInvoiceHtml(invoice);
    // expect: CWE-79
    res.type('html').send(`${body}<footer class="preview-note">${note ?? ''}</footer>`);
  }
}
