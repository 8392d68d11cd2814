import React, { Fragment, useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import Link from 'next/link';
import sanitizeHtml from 'sanitize-html';

interface Hit {
  id: string;
  title: string;
  url: string;
  excerptHtml: string;
  author: string;
}

interface SearchResponse {
  total: number;
  hits: Hit[];
}

function Highlight({ text, term }: { text: string; term: string }) {
  if (!term) return <>{text}</>;
  const parts = text.split(new RegExp(`(${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'ig'));
  return (
    <>
      {parts.map((p, i) =>
        p.toLowerCase() === term.toLowerCase() ? <mark key={i}>{p}</mark> : <Fragment key={i}>{p}</Fragment>,
      )}
    </>
  );
}

function cleanExcerpt(html: string): string {
  return sanitizeHtml(html, { allowedTags: ['em', 'strong', 'code'], allowedAttributes: {} });
}

function internalHref(url: string): string {
  try {
    const u = new URL(url, 'https://docs.example.com');
    return u.hostname === 'docs.example.com' ? u.pathname + u.search : '/';
  } catch {
    return '/';
  }
}

export default function SearchResults() {
  const router = useRouter();
  const term = typeof router.query.q === 'string' ? router.query.q : '';
  const [data, setData] = useState<SearchResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!term) return;
    const ctrl = new AbortController();
    fetch(`/api/search?q=${encodeURIComponent(term)}`, { signal: ctrl.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText))))
      .then(setData)
      .catch((e: Error) => e.name !== 'AbortError' && setError(e.message));
    return () => ctrl.abort();
  }, [term]);

  if (!term) return <p>Type something to search the docs.</p>;
  if (error) return <p className="error">Search failed: {error}</p>;
  if (!data) return <p>Searching for “{term}”…</p>;

  return (
    <section aria-live="polite">
      <h1>
        {data.total} results for “{term}”
      </h1>
      <ol>
        {data.hits.map((hit) => (
          <li key={hit.id}>
            <Link href={internalHref(hit.url)}>
              <Highlight text={hit.title} term={term} />
            </Link>
            <p className="excerpt" dangerouslySetInnerHTML={{ __html: cleanExcerpt(hit.excerptHtml) }} />
            <small>by {hit.author}</small>
          </li>
        ))}
      </ol>
    </section>
  );
}
