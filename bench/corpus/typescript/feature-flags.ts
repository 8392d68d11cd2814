/**
 * Feature-flag store with per-tenant overrides.
 *
 * Overrides arrive from the admin UI as nested JSON, or as flat
 * "dotted.key=value" pairs from the CLI / query string.
 */
import type { Request, Response } from 'express';
import { Router } from 'express';

type FlagValue = string | number | boolean | null | FlagTree;
interface FlagTree {
  [key: string]: FlagValue;
}

const BASE_FLAGS: FlagTree = {
  checkout: { newFlow: false, maxItems: 50 },
  search: { engine: 'postgres', typoTolerance: true },
  ui: { theme: 'light', beta: false },
};

const tenantOverrides = new Map<string, FlagTree>();

function isTree(v: unknown): v is FlagTree {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function mergeFlags(target: FlagTree, patch: FlagTree): FlagTree {
  for (const key in patch) {
    const incoming = patch[key];
    if (isTree(incoming)) {
      const existing = target[key];
      target[key] = mergeFlags(isTree(existing) ? existing : {}, incoming);
    } else {
      // expect: CWE-1321
      target[key] = incoming;
    }
  }
  return target;
}

export function applyDotted(tree: FlagTree, dotted: string, raw: string): void {
  const keys = dotted.split('.');
  const last = keys.pop() as string;
  let node: any = tree;
  for (const k of keys) {
    node[k] = node[k] ?? {};
    node = node[k];
  }
  const value = raw === 'true' ? true : raw === 'false' ? false : Number.isNaN(Number(raw)) ? raw : Number(raw);
  // expect: CWE-1321
  node[last] = value;
}

const BLOCKED = new Set(['__proto__', 'prototype', 'constructor']);

export function applyFlagPath(tree: FlagTree, dotted: string, raw: string): void {
  const keys = dotted.split('.');
  if (keys.some((k) => BLOCKED.has(k) || k.length === 0)) {
    throw new Error(`invalid flag path: ${dotted}`);
  }
  const last = keys.pop() as string;
  let node: FlagTree = tree;
  for (const k of keys) {
    const child = Object.prototype.hasOwnProperty.call(node, k) ? node[k] : undefined;
    if (!isTree(child)) node[k] = {};
    node = node[k] as FlagTree;
  }
  node[last] = raw;
}

function effectiveFlags(tenant: string): FlagTree {
  const base: FlagTree = structuredClone(BASE_FLAGS);
  return mergeFlags(base, structuredClone(tenantOverrides.get(tenant) ?? {}));
}

export const flagsRouter = Router();

flagsRouter.get('/:tenant', (req: Request, res: Response) => {
  res.json(effectiveFlags(req.params.tenant));
});

flagsRouter.patch('/:tenant', (req: Request, res: Response) => {
  const current = tenantOverrides.get(req.params.tenant) ?? {};
  tenantOverrides.set(req.params.tenant, mergeFlags(current, req.body as FlagTree));
  res.json(effectiveFlags(req.params.tenant));
});

// GET /flags/:tenant/set?checkout.newFlow=true&ui.theme=dark
flagsRouter.get('/:tenant/set', (req: Request, res: Response) => {
  const overrides = tenantOverrides.get(req.params.tenant) ?? {};
  for (const [key, value] of Object.entries(req.query)) {
    applyDotted(overrides, key, String(value));
  }
  tenantOverrides.set(req.params.tenant, overrides);
  res.json(effectiveFlags(req.params.tenant));
});

flagsRouter.post('/:tenant/set-strict', (req: Request, res: Response) => {
  const overrides = tenantOverrides.get(req.params.tenant) ?? {};
  try {
    applyFlagPath(overrides, String(req.body.path), String(req.body.value));
  } catch (e) {
    return res.status(400).json({ error: (e as Error).message });
  }
  tenantOverrides.set(req.params.tenant, overrides);
  res.json(effectiveFlags(req.params.tenant));
});

// POST /flags/:tenant/rollout { "rule": "user.plan === 'pro' && user.country !== 'US'", "user": {...} }
flagsRouter.post('/:tenant/rollout', (req: Request, res: Response) => {
  const { rule, user } = req.body as { rule: string; user: Record<string, unknown> };
  // expect: CWE-94
  const check = new Function('user', `return (${rule});`) as (u: unknown) => boolean;
  res.json({ enabled: Boolean(check(user)) });
});
