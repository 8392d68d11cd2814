import { GraphQLError } from 'graphql';
import type { Knex } from 'knex';
import mongoose, { Schema, model } from 'mongoose';
import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';
import { randomUUID } from 'crypto';

interface Ctx {
  db: Knex;
  user?: { id: string; sellerId?: string; roles: string[] };
}

const ReviewSchema = new Schema({
  productId: String,
  rating: Number,
  body: String,
  authorId: String,
  status: { type: String, default: 'published' },
});
const Review = model('Review', ReviewSchema);

const s3 = new S3Client({});
const MEDIA_BUCKET = process.env.MEDIA_BUCKET as string;
const REVIEW_FIELDS = new Set(['rating', 'status', 'productId']);

function requireSeller(ctx: Ctx) {
  if (!ctx.user?.sellerId) {
    throw new GraphQLError('seller account required', { extensions: { code: 'FORBIDDEN' } });
  }
  return ctx.user.sellerId;
}

export const resolvers = {
  Query: {
    product: async (_: unknown, args: { id: string }, ctx: Ctx) => {
      return ctx.db('products').where({ id: args.id, published: true }).first();
    },

    products: async (_: unknown, args: { category?: string; search?: string; first?: number }, ctx: Ctx) => {
      const q = ctx.db('products').where('published', true);
      if (args.category) q.andWhere('category_slug', args.category);
      if (args.search) q.andWhereRaw('name ILIKE ?', [`%${args.search}%`]);
      return q.limit(Math.min(args.first ?? 20, 100));
    },

    sellerSales: async (_: unknown, args: { groupBy: string; from: string }, ctx: Ctx) => {
      const sellerId = requireSeller(ctx);
      const bucket = args.groupBy || 'day';
      // expect: CWE-89
      const rows = await ctx.db.raw(`SELECT date_trunc('${bucket}', sold_at) AS period, sum(amount) AS total FROM sales WHERE seller_id = ? AND sold_at >= ? GROUP BY 1 ORDER BY 1`, [sellerId, args.from]);
      return rows.rows;
    },

    reviews: async (_: unknown, args: { filter?: string }) => {
      const criteria = args.filter ? JSON.parse(args.filter) : {};
      if (!criteria.status) criteria.status = 'published';
      // expect: CWE-943
      return Review.find(criteria).limit(100).lean();
    },

    moderationQueue: async (_: unknown, args: { where?: Record<string, string> }, ctx: Ctx) => {
      if (!ctx.user?.roles.includes('moderator')) throw new GraphQLError('forbidden');
      const whereClause: Record<string, string | number> = { status: 'pending' };
      for (const [k, v] of Object.entries(args.where ?? {})) {
        if (REVIEW_FIELDS.has(k) && (typeof v === 'string' || typeof v === 'number')) {
          whereClause[k] = v;
        }
      }
      return Review.find(whereClause).limit(100).lean();
    },
  },

  Mutation: {
    importProductImage: async (_: unknown, args: { productId: string; imageUrl: string }, ctx: Ctx) => {
      const sellerId = requireSeller(ctx);
      const product = await ctx.db('products').where({ id: args.productId, seller_id: sellerId }).first();
      if (!product) throw new GraphQLError('not found');

      // expect: CWE-918
      const resp = await fetch(args.imageUrl, { redirect: 'follow' });
      if (!resp.ok) throw new GraphQLError(`download failed: ${resp.status}`);
      const body = Buffer.from(await resp.arrayBuffer());
      const key = `products/${product.id}/${randomUUID()}`;
      await s3.send(
        new PutObjectCommand({
          Bucket: MEDIA_BUCKET,
          Key: key,
          Body: body,
          ContentType: resp.headers.get('content-type') ?? 'application/octet-stream',
        }),
      );
      await ctx.db('product_images').insert({ product_id: product.id, s3_key: key });
      return { key };
    },

    addReview: async (_: unknown, args: { productId: string; rating: number; body: string }, ctx: Ctx) => {
      if (!ctx.user) throw new GraphQLError('login required');
      const rating = Math.max(1, Math.min(5, Math.round(Number(args.rating))));
      const doc = await Review.create({
        productId: String(args.productId),
        rating,
        body: String(args.body).slice(0, 5000),
        authorId: ctx.user.id,
      });
      return doc.toObject();
    },
  },
};

export async function connectMongo() {
  mongoose.set('strictQuery', true);
  await mongoose.connect(process.env.MONGO_URL as string);
}
