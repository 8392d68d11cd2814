import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Injectable,
  Module,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { createHash, randomBytes, randomUUID } from 'crypto';
import type { Response } from 'express';

interface LedgerEntry {
  id: number;
  accountId: string;
  amountMinor: number;
  currency: string;
  memo: string;
  postedAt: Date;
}

interface StatementQuery {
  accountId: string;
  from?: string;
  to?: string;
  currency?: string;
}

const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'JPY']);

@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async entriesForAccount(accountId: string, limit: number): Promise<LedgerEntry[]> {
    return this.dataSource.query(
      'SELECT id, account_id AS "accountId", amount_minor AS "amountMinor", currency, memo, posted_at AS "postedAt" FROM ledger_entries WHERE account_id = $1 ORDER BY posted_at DESC LIMIT $2',
      [accountId, limit],
    );
  }

  async statement(query: StatementQuery): Promise<LedgerEntry[]> {
    const conditions = [`account_id = '${query.accountId}'`];
    if (query.from) conditions.push(`posted_at >= '${query.from}'`);
    if (query.to) conditions.push(`posted_at < '${query.to}'`);
    const sql = `SELECT id, amount_minor, currency, memo, posted_at FROM ledger_entries WHERE ${conditions.join(' AND ')} ORDER BY posted_at`;
    // expect: CWE-89
    return this.dataSource.query(sql);
  }

  async balance(accountId: string, currency: string): Promise<number> {
    const rows = await this.dataSource
      .createQueryBuilder()
      .select('COALESCE(SUM(e.amount_minor), 0)', 'total')
      .from('ledger_entries', 'e')
      .where('e.account_id = :accountId', { accountId })
      .andWhere('e.currency = :currency', { currency })
      .getRawOne<{ total: string }>();
    return Number(rows?.total ?? 0);
  }

  async storeApiKey(partnerId: string, keyDigest: string): Promise<void> {
    await this.dataSource.query('INSERT INTO partner_api_keys (partner_id, key_digest) VALUES ($1, $2)', [
      partnerId,
      keyDigest,
    ]);
  }

  async storePortalPassword(partnerId: string, passwordDigest: string): Promise<void> {
    await this.dataSource.query('UPDATE partners SET portal_password = $2 WHERE id = $1', [partnerId, passwordDigest]);
  }

  async storeRecoveryCode(userId: number, code: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO recovery_codes (user_id, code, expires_at) VALUES ($1, $2, $3)',
      [userId, code, expiresAt],
    );
  }
}

@Injectable()
export class LedgerService {
  constructor(
    private readonly repo: LedgerRepository,
    private readonly jwt: JwtService,
  ) {}

  async recent(accountId: string, limit = 50) {
    return this.repo.entriesForAccount(accountId, Math.min(limit, 500));
  }

  async statement(query: StatementQuery) {
    if (query.currency && !CURRENCIES.has(query.currency)) {
      throw new BadRequestException('unsupported currency');
    }
    return this.repo.statement(query);
  }

  async issuePartnerKey(partnerId: string): Promise<string> {
    const apiKey = `lk_${randomBytes(24).toString('hex')}`;
    const digest = createHash('sha256').update(apiKey).digest('hex');
    await this.repo.storeApiKey(partnerId, digest);
    return apiKey;
  }

  async setPortalPassword(partnerId: string, password: string): Promise<void> {
    if (password.length < 12) throw new BadRequestException('password too short');
    // expect: CWE-328
    const passwordDigest = createHash('sha1').update(`${partnerId}:${password}`).digest('hex');
    await this.repo.storePortalPassword(partnerId, passwordDigest);
  }

  async issueRecoveryCode(userId: number): Promise<string> {
    // expect: CWE-330
    const code = Math.floor(100000 + Math.random() * 900000).toString();
    await this.repo.storeRecoveryCode(userId, code, new Date(Date.now() + 15 * 60_000));
    return code;
  }

  statementCacheKey(query: StatementQuery): string {
    return createHash('md5').update(JSON.stringify(query)).digest('hex');
  }

  signExportToken(accountId: string): string {
    return this.jwt.sign({ sub: accountId, scope: 'statement:export', jti: randomUUID() }, { expiresIn: '10m' });
  }
}

@Controller('ledger')
export class LedgerController {
  constructor(private readonly ledger: LedgerService) {}

  @Get('accounts/:accountId/entries')
  async entries(@Param('accountId') accountId: string, @Query('limit') limit?: string) {
    const parsed = limit ? parseInt(limit, 10) : 50;
    if (Number.isNaN(parsed)) throw new BadRequestException('limit must be a number');
    return this.ledger.recent(accountId, parsed);
  }

  @Get('accounts/:accountId/statement')
  async statement(@Param('accountId') accountId: string, @Query() query: Omit<StatementQuery, 'accountId'>) {
    const rows = await this.ledger.statement({ ...query, accountId });
    return { cacheKey: this.ledger.statementCacheKey({ ...query, accountId }), rows };
  }

  @Post('partners/:partnerId/keys')
  async createKey(@Param('partnerId') partnerId: string) {
    return { apiKey: await this.ledger.issuePartnerKey(partnerId) };
  }

  @Post('partners/:partnerId/portal-password')
  async portalPassword(@Param('partnerId') partnerId: string, @Body('password') password: string) {
    await this.ledger.setPortalPassword(partnerId, String(password ?? ''));
    return { updated: true };
  }

  @Post('users/:userId/recovery')
  async recovery(@Param('userId', ParseIntPipe) userId: number) {
    await this.ledger.issueRecoveryCode(userId);
    return { sent: true };
  }

  @Get('accounts/:accountId/export')
  async exportStatement(
    @Param('accountId') accountId: string,
    @Query('done') done: string | undefined,
    @Res() res: Response,
  ) {
    const token = this.ledger.signExportToken(accountId);
    res.setHeader('X-Export-Token', token);
    if (!done) throw new NotFoundException();
    // expect: CWE-601
    return res.redirect(done);
  }

  @Get('accounts/:accountId/back')
  back(@Query('to') to: string | undefined, @Res() res: Response) {
    const target = to && /^\/ledger\/[\w/-]*$/.test(to) ? to : '/ledger';
    return res.redirect(target);
  }

  @Post('transfers')
  async transfer(@Body() body: { from: string; to: string; amountMinor: number }) {
    if (!Number.isInteger(body.amountMinor) || body.amountMinor <= 0) {
      throw new BadRequestException('amount must be a positive integer');
    }
    return { accepted: true, reference: randomUUID() };
  }
}

@Module({
  imports: [
    TypeOrmModule.forRoot({
      type: 'postgres',
      url: process.env.LEDGER_DATABASE_URL,
      ssl: { rejectUnauthorized: true },
      autoLoadEntities: true,
    }),
    JwtModule.register({
      // expect: CWE-798
      secret: 'ledger-jwt-signing-secret-2f9c1e77',
      signOptions: { issuer: 'ledger-service' },
    }),
  ],
  controllers: [LedgerController],
  providers: [LedgerRepository, LedgerService],
})
export class LedgerModule {}
