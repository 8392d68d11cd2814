import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  Get,
  Injectable,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthGuard } from '@nestjs/passport';
import { Repository, Between, In } from 'typeorm';
import { IsDateString, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import * as argon2 from 'argon2';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as path from 'node:path';
import * as fs from 'node:fs/promises';
import type { Request, Response } from 'express';
import { LeaveRequest } from './entities/leave-request.entity';
import { Employee } from './entities/employee.entity';

const execFileAsync = promisify(execFile);

export class CreateLeaveRequestDto {
  @IsIn(['vacation', 'sick', 'parental', 'unpaid'])
  type!: string;

  @IsDateString()
  startDate!: string;

  @IsDateString()
  endDate!: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;
}

const SORT_COLUMNS: Record<string, keyof LeaveRequest> = {
  start: 'startDate',
  created: 'createdAt',
  status: 'status',
};

@Injectable()
export class LeaveRequestsService {
  private readonly attachmentsRoot: string;

  constructor(
    @InjectRepository(LeaveRequest) private readonly leaveRepo: Repository<LeaveRequest>,
    @InjectRepository(Employee) private readonly employeeRepo: Repository<Employee>,
    private readonly config: ConfigService,
  ) {
    this.attachmentsRoot = path.resolve(this.config.getOrThrow<string>('LEAVE_ATTACHMENTS_ROOT'));
  }

  async listForTeam(managerId: number, from: string, to: string, sort?: string) {
    const team = await this.employeeRepo.find({ where: { managerId }, select: ['id'] });
    return this.leaveRepo.find({
      where: { employeeId: In(team.map((e) => e.id)), startDate: Between(new Date(from), new Date(to)) },
      order: { [SORT_COLUMNS[sort ?? ''] ?? 'startDate']: 'ASC' },
    });
  }

  async search(employeeName: string) {
    return this.leaveRepo
      .createQueryBuilder('lr')
      .innerJoin('lr.employee', 'e')
      .where('e.fullName ILIKE :name', { name: `%${employeeName}%` })
      .orderBy('lr.startDate', 'DESC')
      .limit(100)
      .getMany();
  }

  async balanceReport(employeeId: number, year: number) {
    return this.leaveRepo.query(
      'SELECT type, SUM(days) AS used FROM leave_requests WHERE employee_id = $1 AND EXTRACT(YEAR FROM start_date) = $2 GROUP BY type',
      [employeeId, year],
    );
  }

  async create(employeeId: number, dto: CreateLeaveRequestDto) {
    if (new Date(dto.endDate) < new Date(dto.startDate)) throw new BadRequestException('end before start');
    const entity = this.leaveRepo.create({ ...dto, employeeId, status: 'pending', reference: this.reference() });
    return this.leaveRepo.save(entity);
  }

  async setKioskPin(employeeId: number, pin: string) {
    if (!/^\d{6}$/.test(pin)) throw new BadRequestException('PIN must be 6 digits');
    const pinHash = await argon2.hash(pin, { type: argon2.argon2id });
    await this.employeeRepo.update({ id: employeeId }, { kioskPinHash: pinHash });
  }

  async verifyKioskPin(employeeId: number, pin: string): Promise<boolean> {
    const employee = await this.employeeRepo.findOneByOrFail({ id: employeeId });
    return argon2.verify(employee.kioskPinHash, pin);
  }

  issueCalendarFeedToken(): string {
    return randomBytes(24).toString('base64url');
  }

  attachmentPath(requestId: number, fileName: string): string {
    const dir = path.join(this.attachmentsRoot, String(requestId));
    const candidate = path.resolve(dir, fileName);
    if (path.relative(dir, candidate).startsWith('..') || path.isAbsolute(path.relative(dir, candidate))) {
      throw new ForbiddenException();
    }
    return candidate;
  }

  async exportPdf(requestId: number): Promise<string> {
    const out = path.join(this.attachmentsRoot, String(requestId), 'summary.pdf');
    await execFileAsync('pandoc', ['--from', 'markdown', '--to', 'pdf', '-o', out, path.join(this.attachmentsRoot, String(requestId), 'summary.md')]);
    return out;
  }

  reportEtag(rows: unknown[]): string {
    return createHash('md5').update(JSON.stringify(rows)).digest('base64');
  }

  private reference(): string {
    return `LV-${new Date().getFullYear()}-${randomInt(100000, 999999)}`;
  }
}

@Controller('leave')
@UseGuards(AuthGuard('jwt'))
export class LeaveRequestsController {
  constructor(private readonly leave: LeaveRequestsService) {}

  @Get('team/:managerId')
  team(
    @Param('managerId', ParseIntPipe) managerId: number,
    @Query('from') from: string,
    @Query('to') to: string,
    @Query('sort') sort?: string,
  ) {
    return this.leave.listForTeam(managerId, from, to, sort);
  }

  @Get('search')
  search(@Query('name') name = '') {
    return this.leave.search(name);
  }

  @Get('employees/:id/balance')
  async balance(@Param('id', ParseIntPipe) id: number, @Query('year', ParseIntPipe) year: number, @Res() res: Response) {
    const rows = await this.leave.balanceReport(id, year);
    res.setHeader('ETag', this.leave.reportEtag(rows));
    res.json(rows);
  }

  @Post('employees/:id/requests')
  create(@Param('id', ParseIntPipe) id: number, @Body() dto: CreateLeaveRequestDto) {
    return this.leave.create(id, dto);
  }

  @Post('employees/:id/kiosk-pin')
  async kioskPin(@Param('id', ParseIntPipe) id: number, @Body('pin') pin: string) {
    await this.leave.setKioskPin(id, String(pin));
    return { updated: true };
  }

  @Post('calendar-feed')
  calendarFeed(@Res({ passthrough: true }) res: Response) {
    const token = this.leave.issueCalendarFeedToken();
    res.cookie('leave_feed', token, { httpOnly: true, secure: true, sameSite: 'strict', maxAge: 30 * 86400_000 });
    return { feedUrl: `/leave/calendar.ics?token=${token}` };
  }

  @Get('requests/:id/attachments/:file')
  async attachment(@Param('id', ParseIntPipe) id: number, @Param('file') file: string, @Res() res: Response) {
    const resolved = this.leave.attachmentPath(id, file);
    const data = await fs.readFile(resolved);
    res.type(path.extname(resolved) || 'application/octet-stream').send(data);
  }

  @Get('done')
  done(@Req() req: Request, @Res() res: Response) {
    const next = typeof req.query.next === 'string' ? req.query.next : '';
    const safe = /^\/leave(\/[\w-]+)*$/.test(next) ? next : '/leave';
    res.redirect(safe);
  }
}
