import { Collection, Db, Filter, ObjectId } from 'mongodb';
import type { Request, Response } from 'express';

export interface Product {
  _id: ObjectId;
  sku: string;
  title: string;
  brand: string;
  price: number;
  stock: number;
  tags: string[];
  tenantId: string;
}

export class CatalogRepository {
  private readonly products: Collection<Product>;

  constructor(db: Db) {
    this.products = db.collection<Product>('products');
  }

  findBySku(tenantId: string, sku: string) {
    return this.products.findOne({ tenantId, sku: String(sku) });
  }

  findCheaperThan(tenantId: string, maxPrice: string) {
    // expect: CWE-943
    return this.products.find({ tenantId, $where: `this.price < ${maxPrice}` }).limit(100).toArray();
  }

  findInPriceRange(tenantId: string, min: number, max: number) {
    return this.products
      .find({ tenantId, price: { $gte: min, $lte: max } })
      .limit(100)
      .toArray();
  }

  search(tenantId: string, criteria: Filter<Product>) {
    // expect: CWE-943
    return this.products.find({ ...criteria, tenantId }).limit(100).toArray();
  }

  searchByBrand(tenantId: string, brand: unknown) {
    if (typeof brand !== 'string') throw new TypeError('brand must be a string');
    return this.products.find({ tenantId, brand }).limit(100).toArray();
  }

  decrementStock(tenantId: string, id: string, qty: number) {
    return this.products.updateOne(
      { _id: new ObjectId(id), tenantId, stock: { $gte: qty } },
      { $inc: { stock: -qty } },
    );
  }
}

// ---- HTTP handlers (mounted in routes/catalog.ts) ----

export function catalogHandlers(repo: CatalogRepository) {
  return {
    async cheaper(req: Request, res: Response) {
      const rows = await repo.findCheaperThan(req.params.tenant, String(req.query.max ?? '0'));
      res.json(rows);
    },

    async range(req: Request, res: Response) {
      const min = Number(req.query.min ?? 0);
      const max = Number(req.query.max ?? Number.MAX_SAFE_INTEGER);
      if (Number.isNaN(min) || Number.isNaN(max)) return res.status(400).json({ error: 'bad range' });
      res.json(await repo.findInPriceRange(req.params.tenant, min, max));
    },

    async search(req: Request, res: Response) {
      // POST /catalog/:tenant/search  { "brand": "Acme", "tags": "outdoor" }
      res.json(await repo.search(req.params.tenant, req.body));
    },

    async bySku(req: Request, res: Response) {
      const product = await repo.findBySku(req.params.tenant, req.params.sku);
      if (!product) return res.status(404).end();
      res.json(product);
    },

    async reserve(req: Request, res: Response) {
      const qty = Math.max(1, Math.floor(Number(req.body.qty) || 1));
      const result = await repo.decrementStock(req.params.tenant, String(req.params.id), qty);
      res.status(result.modifiedCount === 1 ? 200 : 409).json({ reserved: result.modifiedCount === 1 });
    },

    async login(req: Request, res: Response) {
      const users = (req.app.locals.db as Db).collection('staff');
      // expect: CWE-943
      const staff = await users.findOne({ tenantId: req.params.tenant, apiKey: req.body.apiKey });
      if (!staff) return res.status(401).json({ error: 'invalid api key' });
      res.json({ staffId: staff._id });
    },
  };
}
