/** Client-side routing over the History API: the server answers every dashboard path with the same page. */
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();

/** Goes to a dashboard path (replacing the history entry when `replace`). */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** The current path, re-rendering on navigation (links, back and forward). */
export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = (): void => setPath(location.pathname);
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Follows same-origin dashboard links without reloading the page (a modified click opens as usual). */
export function interceptLinks(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest('a');
    if (!link || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/dashboard')) return;
    event.preventDefault();
    navigate(url.pathname + url.hash);
  });
}
