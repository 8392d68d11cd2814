import express, { NextFunction, Request, Response, Router } from 'express';
import path from 'node:path';
import { promises as fs, createReadStream } from 'node:fs';
import nunjucks from 'nunjucks';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { Pool } from 'pg';

type CourseSettings = Record<string, unknown>;

interface Course {
  id: number;
  slug: string;
  title: string;
  summaryHtml: string;
  settings: CourseSettings;
}

const ASSET_ROOT = path.resolve(process.env.COURSE_ASSET_ROOT ?? '/srv/elearning/assets');
const CERT_TEMPLATE_DIR = path.resolve(__dirname, 'templates', 'certificates');

const pool = new Pool({ connectionString: process.env.ELEARNING_DATABASE_URL });
const certificateEnv = new nunjucks.Environment(new nunjucks.FileSystemLoader(CERT_TEMPLATE_DIR), {
  autoescape: true,
});

// ---------------------------------------------------------------------------
// Course service
// ---------------------------------------------------------------------------

class CourseService {
  async bySlug(slug: string): Promise<Course | undefined> {
    const { rows } = await pool.query<Course>(
      'SELECT id, slug, title, summary_html AS "summaryHtml", settings FROM courses WHERE slug = $1',
      [slug],
    );
    return rows[0];
  }

  async saveSettings(id: number, settings: CourseSettings): Promise<void> {
    await pool.query('UPDATE courses SET settings = $2 WHERE id = $1', [id, JSON.stringify(settings)]);
  }

  mergeSettings(target: CourseSettings, incoming: CourseSettings): CourseSettings {
    for (const key of Object.keys(incoming)) {
      const value = incoming[key];
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        if (!target[key] || typeof target[key] !== 'object') target[key] = {};
        this.mergeSettings(target[key] as CourseSettings, value as CourseSettings);
      } else {
        // expect: CWE-1321
        target[key] = value;
      }
    }
    return target;
  }

  renderSummary(course: Course): string {
    return sanitizeHtml(course.summaryHtml, {
      allowedTags: ['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'code'],
      allowedAttributes: { a: ['href'] },
    });
  }
}

const courses = new CourseService();
const router: Router = express.Router();

const asyncRoute =
  (fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown>) =>
  (req: Request, res: Response, next: NextFunction) =>
    fn(req, res, next).catch(next);

const certificateSchema = z.object({
  learnerName: z.string().min(1).max(120),
  template: z.enum(['classic', 'modern', 'minimal']),
});

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

router.get(
  '/courses/:slug',
  asyncRoute(async (req, res) => {
    const course = await courses.bySlug(req.params.slug);
    if (!course) return res.status(404).json({ error: 'not_found' });
    res.json({ ...course, summaryHtml: courses.renderSummary(course) });
  }),
);

router.get(
  '/courses/:slug/enroll',
  asyncRoute(async (req, res) => {
    const course = await courses.bySlug(req.params.slug);
    const cohort = String(req.query.cohort ?? 'self-paced');
    if (!course) {
      // expect: CWE-79
      return res.status(404).send(`<h2>Course not found</h2><p>We could not find the ${cohort} cohort you asked for.</p>`);
    }
    res.type('html').send(`<h2>Enroll in ${sanitizeHtml(course.title, { allowedTags: [] })}</h2>`);
  }),
);

router.patch(
  '/courses/:slug/settings',
  express.json(),
  asyncRoute(async (req, res) => {
    const course = await courses.bySlug(req.params.slug);
    if (!course) return res.status(404).end();
    const merged = courses.mergeSettings(course.settings ?? {}, req.body as CourseSettings);
    await courses.saveSettings(course.id, merged);
    res.json(merged);
  }),
);

router.get(
  '/assets/:courseId/*',
  asyncRoute(async (req, res) => {
    const courseId = Number.parseInt(req.params.courseId, 10);
    const relative = (req.params as Record<string, string>)[0];
    const courseRoot = path.join(ASSET_ROOT, String(courseId));
    const resolved = path.resolve(courseRoot, relative);
    if (!resolved.startsWith(courseRoot + path.sep)) return res.status(400).end();
    createReadStream(resolved).on('error', () => res.status(404).end()).pipe(res);
  }),
);

router.get(
  '/transcripts/:lessonId',
  asyncRoute(async (req, res) => {
    const lang = typeof req.query.lang === 'string' ? req.query.lang : 'en';
    const transcriptFile = path.join(ASSET_ROOT, 'transcripts', `${req.params.lessonId}.${lang}.vtt`);
    // expect: CWE-22
    const body = await fs.readFile(transcriptFile, 'utf8');
    res.type('text/vtt').send(body);
  }),
);

router.post(
  '/certificates/render',
  express.json(),
  asyncRoute(async (req, res) => {
    const { learnerName, template } = certificateSchema.parse(req.body);
    const html = certificateEnv.render(`${template}.njk`, { learnerName, issuedAt: new Date().toDateString() });
    res.type('html').send(html);
  }),
);

router.post(
  '/certificates/custom-preview',
  express.json(),
  asyncRoute(async (req, res) => {
    const { layout, learnerName } = req.body as { layout: string; learnerName: string };
    // expect: CWE-1336
    const html = nunjucks.renderString(layout, { learnerName, issuedAt: new Date().toDateString() });
    res.type('html').send(html);
  }),
);

export default router;
