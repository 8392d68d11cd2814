import { Client } from '@elastic/elasticsearch';
import { Router, Request, Response } from 'express';
import { spawn } from 'child_process';
import { createHash, randomUUID } from 'crypto';
import * as path from 'path';
import { readFile } from 'fs/promises';
import { z } from 'zod';

const es = new Client({
  node: process.env.ES_URL ?? 'https://search.internal:9200',
  auth: { apiKey: process.env.ES_API_KEY ?? '' },
  tls: { ca: process.env.ES_CA_PEM, rejectUnauthorized: true },
});

const INDEX = 'kb-articles';
const DOCS_ROOT = path.resolve('/srv/kb/articles');
const SortEnum = z.enum(['relevance', 'newest', 'popular']);
const SearchQuery = z.object({
  q: z.string().min(1).max(200),
  product: z.string().regex(/^[a-z0-9-]{1,40}$/).optional(),
  sort: SortEnum.default('relevance'),
  page: z.coerce.number().int().min(1).max(50).default(1),
});

const SORTS: Record<z.infer<typeof SortEnum>, object[]> = {
  relevance: [{ _score: 'desc' }],
  newest: [{ published_at: 'desc' }],
  popular: [{ views: 'desc' }],
};

export const searchRouter = Router();

searchRouter.get('/kb/search', async (req: Request, res: Response) => {
  const parsed = SearchQuery.safeParse(req.query);
  if (!parsed.success) return res.status(400).json({ error: 'invalid query' });
  const { q, product, sort, page } = parsed.data;

  const filter: object[] = [{ term: { status: 'published' } }];
  if (product) filter.push({ term: { product } });

  const result = await es.search({
    index: INDEX,
    from: (page - 1) * 20,
    size: 20,
    sort: SORTS[sort] as any,
    query: {
      bool: {
        must: [{ simple_query_string: { query: q, fields: ['title^3', 'body'], default_operator: 'and' } }],
        filter,
      },
    },
    highlight: { fields: { body: {} }, pre_tags: ['<mark>'], post_tags: ['</mark>'], encoder: 'html' },
  });
  return res.json(result.hits.hits.map((h: any) => ({ id: h._id, title: h._source.title, snippet: h.highlight?.body?.[0] })));
});

async function renderMarkdown(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pandoc', ['--from=gfm', '--to=plain', '--', file], { shell: false });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pandoc exited ${code}`))));
  });
}

export async function reindexArticle(slug: string): Promise<string> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw new Error('invalid slug');
  const file = path.join(DOCS_ROOT, `${slug}.md`);
  const [raw, plain] = await Promise.all([readFile(file, 'utf8'), renderMarkdown(file)]);
  const title = raw.split('\n', 1)[0].replace(/^#\s*/, '');
  const contentHash = createHash('sha1').update(raw).digest('hex');
  await es.index({
    index: INDEX,
    id: slug,
    document: { title, body: plain, status: 'published', content_hash: contentHash, indexed_at: new Date().toISOString() },
  });
  return contentHash;
}

searchRouter.post('/kb/reindex/:slug', async (req: Request, res: Response) => {
  const jobId = randomUUID();
  try {
    const hash = await reindexArticle(req.params.slug);
    res.status(202).json({ jobId, hash });
  } catch (e) {
    res.status(400).json({ jobId, error: (e as Error).message });
  }
});
