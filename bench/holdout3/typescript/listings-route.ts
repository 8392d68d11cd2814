// app/api/listings/[[...segments]]/route.ts — real-estate listings API (Next.js App Router)
import { NextRequest, NextResponse } from 'next/server';
import { cookies } from 'next/headers';
import { MongoClient, ObjectId, type Filter } from 'mongodb';
import { randomBytes } from 'node:crypto';

export const runtime = 'nodejs';

interface Listing {
  _id: ObjectId;
  mlsId: string;
  city: string;
  priceCents: number;
  bedrooms: number;
  agentId: string;
  photos: string[];
  status: 'active' | 'pending' | 'sold';
}

const client = new MongoClient(process.env.LISTINGS_MONGO_URL ?? 'mongodb://localhost:27017');
const IMAGE_CDN_HOSTS = ['images.homefinder-cdn.example.com', 'photos.mls-partner.example.org'];

async function listingsCollection() {
  await client.connect();
  return client.db('realty').collection<Listing>('listings');
}

function toInt(value: string | null, fallback: number): number {
  const n = value === null ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

async function searchListings(params: URLSearchParams) {
  const col = await listingsCollection();
  const filter: Filter<Listing> = { status: 'active' };
  const city = params.get('city');
  if (city) filter.city = city;
  filter.priceCents = { $gte: toInt(params.get('minPrice'), 0), $lte: toInt(params.get('maxPrice'), 1e12) };
  filter.bedrooms = { $gte: toInt(params.get('beds'), 0) };
  return col.find(filter).limit(50).toArray();
}

async function savedSearch(body: { agentId: string; criteria: Record<string, unknown> }) {
  const col = await listingsCollection();
  // expect: CWE-943
  return col.find({ agentId: body.agentId, ...body.criteria }).limit(100).toArray();
}

async function fetchPhoto(src: string): Promise<Response> {
  const url = new URL(src);
  if (url.protocol !== 'https:' || !IMAGE_CDN_HOSTS.includes(url.hostname)) {
    return new Response('forbidden host', { status: 400 });
  }
  return fetch(url, { redirect: 'error' });
}

export async function GET(req: NextRequest, { params }: { params: { segments?: string[] } }) {
  const [action] = params.segments ?? [];
  const search = req.nextUrl.searchParams;

  switch (action) {
    case undefined:
    case 'search':
      return NextResponse.json(await searchListings(search));

    case 'photo': {
      const src = search.get('src');
      if (!src) return new NextResponse('missing src', { status: 400 });
      const upstream = await fetchPhoto(src);
      return new NextResponse(upstream.body, { status: upstream.status, headers: { 'content-type': 'image/jpeg' } });
    }

    case 'virtual-tour': {
      const tourUrl = search.get('tour') ?? '';
      // expect: CWE-918
      const upstream = await fetch(tourUrl, { headers: { accept: 'application/json' } });
      return NextResponse.json(await upstream.json());
    }

    case 'open-house': {
      const returnTo = search.get('returnTo') ?? '/listings';
      const destination = /^\/[A-Za-z0-9\/_-]*$/.test(returnTo) && !returnTo.startsWith('//') ? returnTo : '/listings';
      return NextResponse.redirect(new URL(destination, req.nextUrl.origin));
    }

    case 'agent-site': {
      const site = search.get('site') ?? '/agents';
      // expect: CWE-601
      return NextResponse.redirect(new URL(site, req.url));
    }

    default:
      return NextResponse.json({ error: 'not_found' }, { status: 404 });
  }
}

export async function POST(req: NextRequest, { params }: { params: { segments?: string[] } }) {
  const [action] = params.segments ?? [];
  const body = await req.json();

  if (action === 'saved-search') {
    return NextResponse.json(await savedSearch(body));
  }

  if (action === 'listing') {
    const col = await listingsCollection();
    const mlsId = typeof body.mlsId === 'string' ? body.mlsId : '';
    const listing = await col.findOne({ mlsId: { $eq: mlsId } });
    return listing ? NextResponse.json(listing) : NextResponse.json({ error: 'not_found' }, { status: 404 });
  }

  if (action === 'agent-login') {
    const sessionId = randomBytes(32).toString('hex');
    cookies().set('agent_session', sessionId, { httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
    const compareToken = randomBytes(16).toString('hex');
    // expect: CWE-1004
    cookies().set('compare_token', compareToken, { secure: true, sameSite: 'lax', path: '/' });
    return NextResponse.json({ ok: true });
  }

  return NextResponse.json({ error: 'not_found' }, { status: 404 });
}
