import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Brackets, DataSource, In, Repository } from 'typeorm';
import { Order } from './order.entity';
import { OrderLine } from './order-line.entity';

export class ListOrdersQuery {
  @IsOptional() @IsString() search?: string;
  @IsOptional() @IsIn(['pending', 'paid', 'shipped', 'cancelled']) status?: string;
  @IsOptional() @IsIn(['createdAt', 'total', 'reference']) sort: 'createdAt' | 'total' | 'reference' = 'createdAt';
  @IsOptional() @IsIn(['ASC', 'DESC']) dir: 'ASC' | 'DESC' = 'DESC';
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit = 50;
}

const SORT_COLUMNS = { createdAt: 'o.createdAt', total: 'o.total', reference: 'o.reference' } as const;

@Injectable()
export class OrdersService {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    @InjectRepository(OrderLine) private readonly lines: Repository<OrderLine>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(customerId: string, q: ListOrdersQuery) {
    const qb = this.orders
      .createQueryBuilder('o')
      .where('o.customerId = :customerId', { customerId })
      .orderBy(SORT_COLUMNS[q.sort] ?? SORT_COLUMNS.createdAt, q.dir === 'ASC' ? 'ASC' : 'DESC')
      .take(q.limit);
    if (q.status) qb.andWhere('o.status = :status', { status: q.status });
    if (q.search) {
      qb.andWhere(
        new Brackets((b) => {
          b.where('o.reference ILIKE :s', { s: `%${q.search}%` }).orWhere('o.note ILIKE :s', { s: `%${q.search}%` });
        }),
      );
    }
    return qb.getMany();
  }

  async get(customerId: string, id: string) {
    const order = await this.orders.findOne({ where: { id, customerId }, relations: { lines: true } });
    if (!order) throw new NotFoundException();
    return order;
  }

  async byReferences(customerId: string, refs: string[]) {
    if (refs.length > 100) throw new BadRequestException('too many references');
    return this.orders.find({ where: { customerId, reference: In(refs) } });
  }

  async monthlyTotals(customerId: string, year: number) {
    return this.dataSource.query(
      `SELECT date_trunc('month', created_at) AS month, SUM(total)::numeric(12,2) AS total
         FROM orders
        WHERE customer_id = $1 AND extract(year FROM created_at) = $2
        GROUP BY 1 ORDER BY 1`,
      [customerId, year],
    );
  }

  async cancel(customerId: string, id: string, reason: string) {
    return this.dataSource.transaction(async (em) => {
      const order = await em.findOne(Order, { where: { id, customerId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw new NotFoundException();
      if (order.status !== 'pending') throw new BadRequestException('only pending orders can be cancelled');
      order.status = 'cancelled';
      order.cancelReason = reason.slice(0, 500);
      await em.save(order);
      await em
        .createQueryBuilder()
        .update(OrderLine)
        .set({ reserved: false })
        .where('orderId = :id', { id })
        .execute();
      return order;
    });
  }
}
