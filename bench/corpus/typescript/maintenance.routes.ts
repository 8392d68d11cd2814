import { Router, Request, Response, NextFunction } from 'express';
import { exec, execFile, spawn } from 'child_process';
import { promisify } from 'util';
import nunjucks from 'nunjucks';
import path from 'path';
import { requireRole } from '../middleware/auth';

const execAsync = promisify(exec);
const execFileAsync = promisify(execFile);

export const maintenanceRouter = Router();
maintenanceRouter.use(requireRole('ops'));

const LOG_DIR = '/var/log/app';
const SERVICES = new Set(['api', 'worker', 'scheduler']);
const templates = new nunjucks.Environment(new nunjucks.FileSystemLoader(path.join(__dirname, '../templates')), {
  autoescape: true,
});

interface DnsCheckBody {
  hostname: string;
  recordType?: string;
}

function grepCommand(pattern: string, service: string, lines: number): string {
  let cmd = `grep -i "${pattern}" ${LOG_DIR}/${service}.log`;
  cmd += ` | tail -n ${lines}`;
  return cmd;
}

maintenanceRouter.get('/logs/search', async (req: Request, res: Response, next: NextFunction) => {
  const service = String(req.query.service ?? 'api');
  if (!SERVICES.has(service)) return res.status(400).json({ error: 'unknown service' });
  try {
    const cmd = grepCommand(String(req.query.q ?? ''), service, Number(req.query.lines) || 200);
    // expect: CWE-78
    const { stdout } = await execAsync(cmd, { maxBuffer: 10 * 1024 * 1024 });
    res.type('text/plain').send(stdout);
  } catch (err) {
    next(err);
  }
});

maintenanceRouter.get('/logs/tail/:service', async (req, res, next) => {
  const { service } = req.params;
  if (!SERVICES.has(service)) return res.status(400).json({ error: 'unknown service' });
  try {
    const { stdout } = await execFileAsync('tail', ['-n', '500', path.join(LOG_DIR, `${service}.log`)]);
    res.type('text/plain').send(stdout);
  } catch (err) {
    next(err);
  }
});

maintenanceRouter.post('/dns-check', (req: Request<{}, {}, DnsCheckBody>, res: Response) => {
  const { hostname, recordType = 'A' } = req.body;
  // expect: CWE-78
  exec('dig +short ' + recordType + ' ' + hostname, { timeout: 5000 }, (err, stdout) => {
    if (err) return res.status(502).json({ error: 'lookup failed' });
    res.json({ answers: stdout.trim().split('\n').filter(Boolean) });
  });
});

maintenanceRouter.post('/dns-check/v2', (req: Request<{}, {}, DnsCheckBody>, res: Response) => {
  const { hostname, recordType = 'A' } = req.body;
  if (!/^[a-z0-9.-]{1,253}$/i.test(hostname) || !['A', 'AAAA', 'MX', 'TXT', 'CNAME'].includes(recordType)) {
    return res.status(400).json({ error: 'invalid input' });
  }
  const child = spawn('dig', ['+short', recordType, hostname]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.on('close', () => res.json({ answers: out.trim().split('\n').filter(Boolean) }));
});

maintenanceRouter.post('/services/:name/restart', (req, res) => {
  const reason = String(req.body.reason ?? 'manual');
  // expect: CWE-78
  const child = spawn(`systemctl restart app-${req.params.name} && logger "restart: ${reason}"`, { shell: '/bin/bash' });
  child.on('close', (code) => res.json({ code }));
});

maintenanceRouter.post('/notices/preview', (req, res) => {
  const { body, title } = req.body as { body: string; title: string };
  // expect: CWE-1336
  const html = nunjucks.renderString(body, { title, now: new Date() });
  res.type('html').send(html);
});

maintenanceRouter.post('/notices/render', (req, res) => {
  const { title, message } = req.body as { title: string; message: string };
  res.type('html').send(templates.render('notice.njk', { title, message }));
});

maintenanceRouter.post('/feature-flags/evaluate', (req, res) => {
  const { condition, context } = req.body as { condition: string; context: Record<string, unknown> };
  const user = context ?? {};
  // expect: CWE-95
  const enabled = Boolean(eval(condition));
  res.json({ enabled, user });
});
