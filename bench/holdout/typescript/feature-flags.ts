import express, { Request, Response } from 'express';
import * as vm from 'vm';
import { z } from 'zod';
import { redis } from './redis';

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
type FlagDoc = { [k: string]: Json };

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

export function setPath(target: any, dotted: string, value: Json): void {
  const parts = dotted.split('.');
  let node = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i];
    if (node[p] === undefined) node[p] = {};
    node = node[p];
  }
  // expect: CWE-1321
  node[parts[parts.length - 1]] = value;
}

export function setPathStrict(target: FlagDoc, dotted: string, value: Json): void {
  const parts = dotted.split('.');
  if (parts.some((p) => FORBIDDEN_SEGMENTS.has(p) || p === '')) {
    throw new Error('invalid path');
  }
  let node: any = target;
  for (const p of parts.slice(0, -1)) {
    if (!Object.prototype.hasOwnProperty.call(node, p)) {
      node[p] = Object.create(null);
    }
    node = node[p];
  }
  node[parts[parts.length - 1]] = value;
}

async function loadFlags(env: string): Promise<FlagDoc> {
  const raw = await redis.get(`flags:${env}`);
  return raw ? (JSON.parse(raw) as FlagDoc) : {};
}

const EnvSchema = z.enum(['dev', 'staging', 'prod']);
const UpdateSchema = z.object({ path: z.string().max(200), value: z.any() });

export const flagsRouter = express.Router();
flagsRouter.use(express.json());

flagsRouter.patch('/:env', async (req: Request, res: Response) => {
  const env = EnvSchema.parse(req.params.env);
  const { path, value } = UpdateSchema.parse(req.body);
  const doc = await loadFlags(env);
  setPath(doc, path, value);
  await redis.set(`flags:${env}`, JSON.stringify(doc));
  res.json(doc);
});

flagsRouter.patch('/:env/strict', async (req: Request, res: Response) => {
  const env = EnvSchema.parse(req.params.env);
  const { path, value } = UpdateSchema.parse(req.body);
  const doc = await loadFlags(env);
  try {
    setPathStrict(doc, path, value);
  } catch {
    return res.status(400).json({ error: 'invalid path' });
  }
  await redis.set(`flags:${env}`, JSON.stringify(doc));
  return res.json(doc);
});

// Targeting rules look like: "user.plan === 'pro' && user.country !== 'DE'"
flagsRouter.post('/:env/evaluate', async (req: Request, res: Response) => {
  const env = EnvSchema.parse(req.params.env);
  const { rule, user } = req.body as { rule: string; user: Record<string, unknown> };
  const sandbox = { user: { ...user }, result: false };
  try {
    // expect: CWE-94
    vm.runInNewContext(`result = (${rule});`, sandbox, { timeout: 50 });
  } catch (e) {
    return res.status(422).json({ error: 'rule failed', env });
  }
  return res.json({ enabled: Boolean(sandbox.result) });
});

const COMPARATORS: Record<string, (a: unknown, b: unknown) => boolean> = {
  eq: (a, b) => a === b,
  neq: (a, b) => a !== b,
  in: (a, b) => Array.isArray(b) && b.includes(a),
};

flagsRouter.post('/:env/evaluate-structured', (req: Request, res: Response) => {
  const { attribute, op, operand, user } = req.body as {
    attribute: string;
    op: string;
    operand: unknown;
    user: Record<string, unknown>;
  };
  const cmp = Object.prototype.hasOwnProperty.call(COMPARATORS, op) ? COMPARATORS[op] : undefined;
  if (!cmp || !Object.prototype.hasOwnProperty.call(user ?? {}, attribute)) {
    return res.status(400).json({ error: 'bad rule' });
  }
  return res.json({ enabled: cmp(user[attribute], operand) });
});
