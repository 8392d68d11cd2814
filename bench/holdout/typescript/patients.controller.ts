import {
  Controller,
  Get,
  Param,
  ParseIntPipe,
  Query,
  Res,
  UseGuards,
  NotFoundException,
  BadRequestException,
} from '@nestjs/common';
import { InjectRepository, InjectDataSource } from '@nestjs/typeorm';
import { Repository, DataSource, ILike } from 'typeorm';
import { Response } from 'express';
import * as path from 'path';
import { AuthGuard } from '../auth/auth.guard';
import { Patient } from './patient.entity';
import { CurrentUser, StaffUser } from '../auth/current-user.decorator';

const ATTACHMENT_ROOT = '/data/clinic/attachments';

type ApptStatus = 'booked' | 'cancelled' | 'completed';
const STATUSES: ReadonlyArray<ApptStatus> = ['booked', 'cancelled', 'completed'];

@Controller('patients')
@UseGuards(AuthGuard)
export class PatientsController {
  constructor(
    @InjectRepository(Patient) private readonly patients: Repository<Patient>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  async search(@Query('name') name: string, @CurrentUser() user: StaffUser) {
    return this.patients.find({
      where: { clinicId: user.clinicId, lastName: ILike(`%${name ?? ''}%`) },
      take: 50,
      order: { lastName: 'ASC' },
    });
  }

  @Get(':id')
  async findOne(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: StaffUser) {
    const patient = await this.patients.findOne({ where: { id, clinicId: user.clinicId } });
    if (!patient) throw new NotFoundException();
    return patient;
  }

  @Get(':id/appointments')
  async appointments(
    @Param('id', ParseIntPipe) id: number,
    @Query('status') status: string,
    @Query('from') from: string,
    @CurrentUser() user: StaffUser,
  ) {
    if (status && !STATUSES.includes(status as ApptStatus)) {
      throw new BadRequestException('bad status');
    }
    const params: unknown[] = [id, user.clinicId];
    let sql = 'SELECT a.id, a.starts_at, a.status, d.display_name AS doctor FROM appointments a JOIN doctors d ON d.id = a.doctor_id WHERE a.patient_id = $1 AND a.clinic_id = $2';
    if (status) {
      params.push(status);
      sql += ` AND a.status = $${params.length}`;
    }
    if (from) {
      sql += ` AND a.starts_at >= '${from}'`;
    }
    sql += ' ORDER BY a.starts_at DESC';
    // expect: CWE-89
    return this.dataSource.query(sql, params);
  }

  @Get(':id/notes/search')
  async searchNotes(@Param('id', ParseIntPipe) id: number, @Query('term') term: string) {
    return this.dataSource.query(
      `SELECT id, created_at, ts_headline(body, plainto_tsquery($2)) AS snippet FROM clinical_notes WHERE patient_id = $1 AND body_tsv @@ plainto_tsquery($2)`,
      [id, term ?? ''],
    );
  }

  @Get(':id/attachments/:fileName')
  async attachment(
    @Param('id', ParseIntPipe) id: number,
    @Param('fileName') fileName: string,
    @Query('variant') variant: string,
    @Res() res: Response,
  ) {
    const folder = path.join(ATTACHMENT_ROOT, String(id));
    const name = variant ? `${variant}/${fileName}` : fileName;
    const fullPath = path.join(folder, name);
    // expect: CWE-22
    return res.sendFile(fullPath);
  }

  @Get(':id/photo')
  async photo(@Param('id', ParseIntPipe) id: number, @Res() res: Response) {
    return res.sendFile(`${id}.jpg`, { root: path.join(ATTACHMENT_ROOT, 'photos'), dotfiles: 'deny' });
  }

  @Get(':id/summary-count')
  async count(@Param('id', ParseIntPipe) id: number, @Query('since') since: string) {
    const sinceDate = since ? new Date(since) : new Date(0);
    if (Number.isNaN(sinceDate.getTime())) throw new BadRequestException();
    const [{ n }] = await this.dataSource.query(
      'SELECT count(*)::int AS n FROM appointments WHERE patient_id = $1 AND starts_at >= $2',
      [id, sinceDate.toISOString()],
    );
    return { count: n };
  }

  @Get('export/by-doctor')
  async exportByDoctor(@Query('doctor') doctor: string, @CurrentUser() user: StaffUser) {
    const qb = this.patients
      .createQueryBuilder('p')
      .innerJoin('p.appointments', 'a')
      .innerJoin('a.doctor', 'd')
      .where('p.clinicId = :clinic', { clinic: user.clinicId });
    if (doctor) {
      // expect: CWE-89
      qb.andWhere(`d.displayName = '${doctor}'`);
    }
    return qb.select(['p.id', 'p.firstName', 'p.lastName']).distinct(true).getMany();
  }
}
