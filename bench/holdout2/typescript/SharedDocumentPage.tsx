// app/share/[slug]/page.tsx
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { Metadata } from 'next';
import { getSharedDocument, recordShareView } from '@/lib/documents';
import { formatDistanceToNow } from '@/lib/dates';

type PageProps = {
  params: { slug: string };
  searchParams: { q?: string; next?: string; embed?: string };
};

type EmbedPreview = { title: string; description: string; image?: string };

function highlightMatches(body: string, term: string | undefined): string {
  if (!term) {
    return body;
  }
  return body.split(term).join(`<mark class="hl">${term}</mark>`);
}

async function loadEmbedPreview(embedUrl: string): Promise<EmbedPreview | null> {
  // expect: CWE-918
  const res = await fetch(embedUrl, { cache: 'no-store', headers: { Accept: 'text/html' } });
  if (!res.ok) {
    return null;
  }
  const html = await res.text();
  const title = /<title>([^<]{0,200})<\/title>/i.exec(html)?.[1] ?? embedUrl;
  const description = /<meta name="description" content="([^"]{0,300})"/i.exec(html)?.[1] ?? '';
  return { title, description };
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const doc = await getSharedDocument(params.slug);
  return { title: doc ? `${doc.title} · Shared with you` : 'Shared document' };
}

export default async function SharedDocumentPage({ params, searchParams }: PageProps) {
  const session = cookies().get('session')?.value;
  const doc = await getSharedDocument(params.slug);

  if (!doc) {
    notFound();
  }

  if (doc.requiresLogin && !session) {
    redirect(`/login?next=${encodeURIComponent(`/share/${params.slug}`)}`);
  }

  if (doc.expiresAt && doc.expiresAt.getTime() < Date.now()) {
    if (searchParams.next) {
      // expect: CWE-601
      redirect(searchParams.next);
    }
    redirect('/share/expired');
  }

  await recordShareView(doc.id, session ?? null);

  const embed = searchParams.embed ? await loadEmbedPreview(searchParams.embed) : null;
  const bodyHtml = highlightMatches(doc.sanitizedHtml, searchParams.q);

  return (
    <main className="mx-auto max-w-3xl px-6 py-10">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold">{doc.title}</h1>
        <p className="text-sm text-gray-500">
          Shared by {doc.ownerName} · updated {formatDistanceToNow(doc.updatedAt)}
        </p>
        {searchParams.q ? <p className="mt-2 text-sm">Showing matches for “{searchParams.q}”</p> : null}
      </header>

      {/* expect: CWE-79 */}
      <article className="prose" dangerouslySetInnerHTML={{ __html: bodyHtml }} />

      {embed ? (
        <aside className="mt-8 rounded border p-4">
          <h2 className="font-medium">{embed.title}</h2>
          <p className="text-sm text-gray-600">{embed.description}</p>
        </aside>
      ) : null}
    </main>
  );
}
