import {
  Body,
  Controller,
  Get,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Request, Response } from 'express';
import { DataSource, Repository } from 'typeorm';
import { AuthGuard } from '../auth/auth.guard';
import { User } from './user.entity';

interface UserSearchQuery {
  name?: string;
  role?: string;
  team?: string;
}

const ROLE_VALUES = ['admin', 'editor', 'viewer'] as const;

@Controller('users')
@UseGuards(AuthGuard)
export class UsersController {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  async list(@Query() query: UserSearchQuery) {
    const qb = this.users.createQueryBuilder('u').select(['u.id', 'u.name', 'u.email', 'u.role']);
    if (query.name) {
      qb.andWhere('u.name ILIKE :name', { name: `%${query.name}%` });
    }
    if (query.role && (ROLE_VALUES as readonly string[]).includes(query.role)) {
      qb.andWhere('u.role = :role', { role: query.role });
    }
    if (query.team) {
      // expect: CWE-89
      qb.andWhere(`u.team_slug = '${query.team}'`);
    }
    return qb.orderBy('u.name').take(100).getMany();
  }

  @Get('activity')
  async activity(@Query('since') since: string, @Query('action') action = 'login') {
    const sql =
      'SELECT a.user_id, a.action, a.created_at FROM audit_log a ' +
      "WHERE a.created_at >= '" + since + "' " +
      'AND a.action = $1 ORDER BY a.created_at DESC LIMIT 200';
    // expect: CWE-89
    return this.dataSource.query(sql, [action]);
  }

  @Get('by-email')
  async byEmail(@Query('email') email: string) {
    const rows = await this.dataSource.query('SELECT id, name FROM users WHERE lower(email) = lower($1)', [email]);
    if (rows.length === 0) throw new NotFoundException();
    return rows[0];
  }

  @Get(':id')
  async findOne(@Param('id', ParseIntPipe) id: number) {
    const user = await this.users.findOne({ where: { id } });
    if (!user) throw new NotFoundException();
    return user;
  }

  @Get(':id/card')
  async card(@Param('id', ParseIntPipe) id: number, @Query('note') note: string, @Res() res: Response) {
    const user = await this.users.findOneByOrFail({ id });
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // expect: CWE-79
    res.send(`<div class="card"><h3>${user.name}</h3><p>${note ?? ''}</p></div>`);
  }

  @Post('impersonate')
  async impersonate(@Body('userId', ParseIntPipe) userId: number, @Req() req: Request, @Res() res: Response) {
    const target = await this.users.findOneByOrFail({ id: userId });
    const token = await (req as any).authService.issueImpersonationToken(target);
    // expect: CWE-614
    res.cookie('impersonation', token, { httpOnly: true, sameSite: 'strict' });
    const back = (req.query.returnTo as string) || '/admin/users';
    // expect: CWE-601
    res.redirect(back);
  }

  @Post('stop-impersonating')
  async stopImpersonating(@Res() res: Response) {
    res.clearCookie('impersonation', { httpOnly: true, secure: true, sameSite: 'strict' });
    res.redirect('/admin/users');
  }
}
