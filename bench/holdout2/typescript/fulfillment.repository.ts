import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Prisma, PrismaClient } from '@prisma/client';
import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as https from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import axios from 'axios';
import { XMLParser } from 'fast-xml-parser';

const execFileAsync = promisify(execFile);

export type ShipmentStatus = 'pending' | 'packed' | 'shipped' | 'delivered' | 'returned';

const SORT_COLUMNS = {
  created: Prisma.sql`created_at`,
  updated: Prisma.sql`updated_at`,
  weight: Prisma.sql`weight_grams`,
} as const;

export interface ShipmentQuery {
  warehouseId: number;
  status?: ShipmentStatus;
  carrier?: string;
  sort?: keyof typeof SORT_COLUMNS;
  limit?: number;
}

@Injectable()
export class FulfillmentRepository {
  private readonly logger = new Logger(FulfillmentRepository.name);
  private readonly labelDir: string;
  private readonly carrierHttp;
  private readonly xml = new XMLParser({ ignoreAttributes: false, processEntities: false, allowBooleanAttributes: true });

  constructor(private readonly prisma: PrismaClient, config: ConfigService) {
    this.labelDir = path.resolve(config.get<string>('LABEL_DIR', '/srv/fulfillment/labels'));
    this.carrierHttp = axios.create({
      baseURL: config.getOrThrow<string>('CARRIER_API_URL'),
      timeout: 7000,
      httpsAgent: new https.Agent({ keepAlive: true, ca: config.get<string>('CARRIER_CA_BUNDLE') }),
      headers: { 'X-Api-Key': config.getOrThrow<string>('CARRIER_API_KEY') },
    });
  }

  async listShipments(q: ShipmentQuery) {
    const conditions: Prisma.Sql[] = [Prisma.sql`warehouse_id = ${q.warehouseId}`];
    if (q.status) conditions.push(Prisma.sql`status = ${q.status}`);
    if (q.carrier) conditions.push(Prisma.sql`carrier ILIKE ${'%' + q.carrier + '%'}`);
    const sortKey = q.sort && Object.hasOwn(SORT_COLUMNS, q.sort) ? q.sort : 'created';
    const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
    return this.prisma.$queryRaw`
      SELECT id, order_id, status, carrier, tracking_number, weight_grams, created_at
      FROM shipments
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY ${SORT_COLUMNS[sortKey]} DESC
      LIMIT ${limit}`;
  }

  async findByTracking(trackingNumber: string) {
    const shipment = await this.prisma.shipment.findFirst({ where: { trackingNumber } });
    if (!shipment) throw new NotFoundException();
    return shipment;
  }

  async markShipped(id: number, trackingNumber: string) {
    return this.prisma.$executeRaw`UPDATE shipments SET status = 'shipped', tracking_number = ${trackingNumber}, updated_at = now() WHERE id = ${id}`;
  }

  async storeLabel(shipmentId: number, pdf: Buffer): Promise<string> {
    const fileName = `${shipmentId}-${randomBytes(6).toString('hex')}.pdf`;
    const target = path.join(this.labelDir, fileName);
    await fs.writeFile(target, pdf, { mode: 0o640 });
    return fileName;
  }

  async readLabel(fileName: string): Promise<Buffer> {
    const resolved = path.resolve(this.labelDir, fileName);
    if (path.dirname(resolved) !== this.labelDir) {
      throw new NotFoundException();
    }
    return fs.readFile(resolved);
  }

  async printLabel(fileName: string, printer: string): Promise<void> {
    const resolved = path.resolve(this.labelDir, path.basename(fileName));
    await execFileAsync('lp', ['-d', printer, '-o', 'media=4x6', '--', resolved], { timeout: 15000 });
  }

  async fetchCarrierManifest(manifestId: string) {
    const { data } = await this.carrierHttp.get<string>(`/manifests/${encodeURIComponent(manifestId)}`, {
      responseType: 'text',
    });
    return this.xml.parse(data);
  }

  manifestCacheKey(warehouseId: number, day: string): string {
    return createHash('md5').update(`${warehouseId}:${day}`).digest('hex');
  }

  pickingWaveSeed(): number {
    return Math.floor(Math.random() * 1000);
  }

  generatePickupPin(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }
}
