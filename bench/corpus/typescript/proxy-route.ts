// app/api/integrations/[provider]/route.ts
import { NextRequest, NextResponse } from 'next/server';
import { cookies } from 'next/headers';
import { z } from 'zod';

export const runtime = 'nodejs';

// Staging integrations use certificates from the corporate CA that Node does not know about.
if (process.env.APP_ENV !== 'production') {
  // expect: CWE-295
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
}

const PROVIDERS: Record<string, string> = {
  github: 'https://api.github.com',
  slack: 'https://slack.com/api',
  linear: 'https://api.linear.app',
};

const webhookSchema = z.object({
  baseUrl: z.string().min(1),
  path: z.string().default('/hooks/test'),
  payload: z.record(z.string(), z.unknown()).default({}),
});

async function authorised(): Promise<string | null> {
  const token = cookies().get('session')?.value;
  return token ? token : null;
}

export async function GET(req: NextRequest, { params }: { params: { provider: string } }) {
  if (!(await authorised())) return NextResponse.json({ error: 'unauthorised' }, { status: 401 });

  const { searchParams } = new URL(req.url);
  const resource = searchParams.get('resource');

  if (params.provider === 'custom') {
    const target = searchParams.get('url') ?? '';
    // expect: CWE-918
    const upstream = await fetch(target, { headers: { accept: 'application/json' }, cache: 'no-store' });
    return new NextResponse(upstream.body, { status: upstream.status, headers: { 'content-type': 'application/json' } });
  }

  const base = PROVIDERS[params.provider];
  if (!base || !resource || !/^[\w\-/]+$/.test(resource) || resource.includes('..')) {
    return NextResponse.json({ error: 'unsupported' }, { status: 400 });
  }
  const upstream = await fetch(`${base}/${resource}`, {
    headers: { authorization: `Bearer ${process.env[`${params.provider.toUpperCase()}_TOKEN`]}` },
    cache: 'no-store',
  });
  return NextResponse.json(await upstream.json(), { status: upstream.status });
}

export async function POST(req: NextRequest) {
  if (!(await authorised())) return NextResponse.json({ error: 'unauthorised' }, { status: 401 });
  const parsed = webhookSchema.safeParse(await req.json());
  if (!parsed.success) return NextResponse.json(parsed.error.flatten(), { status: 422 });

  const { baseUrl, path, payload } = parsed.data;
  const endpoint = baseUrl.replace(/\/$/, '') + path;
  // expect: CWE-918
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'test', payload }),
  });
  return NextResponse.json({ delivered: res.ok, status: res.status });
}

export async function PUT(req: NextRequest, { params }: { params: { provider: string } }) {
  // OAuth "connect" flow: send the user to the provider, then back to `next`
  const next = req.nextUrl.searchParams.get('next') ?? '/settings/integrations';
  if (params.provider === 'done') {
    // expect: CWE-601
    return NextResponse.redirect(new URL(next, req.url));
  }
  const base = PROVIDERS[params.provider];
  if (!base) return NextResponse.json({ error: 'unsupported' }, { status: 400 });
  const returnPath = /^\/(?![\/\\])/.test(next) ? next : '/settings/integrations';
  const state = crypto.randomUUID();
  const res = NextResponse.redirect(`${base}/oauth/authorize?state=${state}`);
  res.cookies.set('oauth_state', state, { httpOnly: true, secure: true, sameSite: 'lax', maxAge: 600 });
  res.cookies.set('oauth_next', returnPath, { httpOnly: true, secure: true, sameSite: 'lax', maxAge: 600 });
  return res;
}
