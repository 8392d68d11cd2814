/**
 * The secscan dashboard: a Preact single-page client of the API (issue #11). Preact because the
 * pages are forms and tables with state — keys shown once, filters, confirmations, a playground —
 * which a 4 KB component library with hooks keeps readable, where hand-written DOM code would not;
 * it has no dependencies of its own and is bundled at build time (no CDN). Everything the dashboard
 * does is an /api call; the page itself holds no secret (the session token is an HttpOnly cookie).
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, setCsrfToken, type AuthConfig, type SessionInfo, type User } from './api.ts';
import { Notice } from './components.tsx';
import { Account } from './pages/account.tsx';
import { AdminKeys, AdminSettings, AdminUsers } from './pages/admin.tsx';
import { SignIn, SignUp } from './pages/auth.tsx';
import { History, ScanDetail } from './pages/history.tsx';
import { Keys } from './pages/keys.tsx';
import { Playground } from './pages/playground.tsx';
import { Usage } from './pages/usage.tsx';
import { interceptLinks, navigate, usePath } from './router.ts';
import './styles.css';

type Theme = 'light' | 'dark' | 'system';

const systemDark = matchMedia('(prefers-color-scheme: dark)');

/** Applies the chosen colour scheme (kept in localStorage; "system" follows the operating system, also when it changes). */
function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && systemDark.matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
}
systemDark.addEventListener('change', () => applyTheme((localStorage.getItem('secscan-theme') as Theme | null) ?? 'system'));

function ThemeSelect() {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('secscan-theme') as Theme | null) ?? 'system');
  useEffect(() => {
    applyTheme(theme);
    localStorage.setItem('secscan-theme', theme);
  }, [theme]);
  return (
    <label class="theme">
      <span class="sr-only">Colour scheme</span>
      <select value={theme} onChange={(e) => setTheme(e.currentTarget.value as Theme)}>
        <option value="system">System theme</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}

const NAV: readonly { path: string; label: string; admin?: boolean }[] = [
  { path: '/dashboard/keys', label: 'API keys' },
  { path: '/dashboard/usage', label: 'Usage' },
  { path: '/dashboard/history', label: 'History' },
  { path: '/dashboard/playground', label: 'Playground' },
  { path: '/dashboard/account', label: 'Account' },
  { path: '/dashboard/admin/users', label: 'Users', admin: true },
  { path: '/dashboard/admin/keys', label: 'All keys', admin: true },
  { path: '/dashboard/admin/settings', label: 'Settings', admin: true },
];

/** The page for a path, for a signed-in user. */
function Page(props: { path: string; user: User; onSession: (s: SessionInfo) => void; onSignedOut: () => void }) {
  const { path, user } = props;
  if (path.startsWith('/dashboard/history/')) return <ScanDetail scanId={path.slice('/dashboard/history/'.length)} />;
  switch (path) {
    case '/dashboard/keys':
      return <Keys />;
    case '/dashboard/usage':
      return <Usage />;
    case '/dashboard/history':
      return <History />;
    case '/dashboard/playground':
      return <Playground />;
    case '/dashboard/account':
      return <Account user={user} onSession={props.onSession} onSignedOut={props.onSignedOut} />;
  }
  if (user.role === 'admin') {
    if (path === '/dashboard/admin/users') return <AdminUsers me={user} />;
    if (path === '/dashboard/admin/keys') return <AdminKeys />;
    if (path === '/dashboard/admin/settings') return <AdminSettings />;
  }
  return <Notice kind="info">There is no such page. Choose one from the menu.</Notice>;
}

function Shell(props: { user: User; path: string; onSession: (s: SessionInfo) => void; onSignedOut: () => void }) {
  const signOut = async (): Promise<void> => {
    await api('POST', '/api/auth/sign-out').catch(() => undefined);
    props.onSignedOut();
  };
  const link = (item: (typeof NAV)[number]) => (
    <li key={item.path}>
      <a href={item.path} aria-current={props.path === item.path || (item.path === '/dashboard/history' && props.path.startsWith('/dashboard/history/')) ? 'page' : undefined}>
        {item.label}
      </a>
    </li>
  );
  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <aside class="sidebar">
        <p class="brand">
          <span class="logo" aria-hidden="true">
            ◆
          </span>{' '}
          secscan
        </p>
        <nav aria-label="Main">
          <ul>{NAV.filter((n) => !n.admin).map(link)}</ul>
          {props.user.role === 'admin' && (
            <>
              <p class="nav-group" id="admin-nav">
                Admin
              </p>
              <ul aria-labelledby="admin-nav">{NAV.filter((n) => n.admin).map(link)}</ul>
            </>
          )}
        </nav>
        <p class="sidebar-foot">
          <a href="/api/docs">API reference</a>
        </p>
      </aside>
      <div class="content">
        <header class="topbar">
          <span class="who">
            {props.user.displayName} <span class="muted">· {props.user.email}</span>
          </span>
          <ThemeSelect />
          <button type="button" class="button button-ghost" onClick={() => void signOut()}>
            Sign out
          </button>
        </header>
        <main id="main">
          <Page path={props.path} user={props.user} onSession={props.onSession} onSignedOut={props.onSignedOut} />
        </main>
      </div>
    </div>
  );
}

function App() {
  const path = usePath();
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const [config, setConfig] = useState<AuthConfig | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const accept = (next: SessionInfo): void => {
    setCsrfToken(next.csrfToken);
    setSession(next);
    if (path === '/dashboard/sign-in' || path === '/dashboard/sign-up' || path === '/dashboard') navigate('/dashboard/keys', true);
  };
  const signedOut = (): void => {
    setCsrfToken(null);
    setSession(null);
    navigate('/dashboard/sign-in', true);
  };

  useEffect(() => {
    api<SessionInfo>('GET', '/api/auth/session').then(
      (s) => {
        setCsrfToken(s.csrfToken);
        setSession(s);
      },
      (error: unknown) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) setSession(null);
        else setFailure(error instanceof Error ? error.message : 'The server cannot be reached.');
      },
    );
    api<AuthConfig>('GET', '/api/auth/config').then(setConfig, () => setConfig(null));
  }, []);

  // Where a path leads once we know who is here.
  useEffect(() => {
    if (session === undefined || config === undefined) return;
    const publicPage = path === '/dashboard/sign-in' || path === '/dashboard/sign-up';
    // A fresh install has nobody to sign in: its first visitor sets it up.
    if (session === null && config?.firstUser && path !== '/dashboard/sign-up') navigate(`/dashboard/sign-up${location.hash}`, true);
    else if (session === null && !publicPage) navigate('/dashboard/sign-in', true);
    else if (session?.user && (publicPage || path === '/dashboard')) navigate('/dashboard/keys', true);
  }, [session, path, config]);

  // A new page: its title for the tab, and keyboard focus on its heading (as a page load would).
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    document.title = heading ? `${heading.textContent ?? ''} · secscan` : 'secscan';
    heading?.focus({ preventScroll: true });
  });

  if (failure)
    return (
      <main id="main" class="auth">
        <Notice kind="error">{failure}</Notice>
      </main>
    );
  if (session === undefined || config === undefined) return <p class="loading">Loading…</p>;
  if (session === null || !session.user) {
    if (session && !session.user)
      return (
        <main id="main" class="auth">
          <Notice kind="info">This session belongs to no dashboard user (it was made with the admin API).</Notice>
        </main>
      );
    return path === '/dashboard/sign-up' ? <SignUp config={config} onSession={accept} /> : <SignIn config={config} onSession={accept} />;
  }
  return <Shell user={session.user} path={path} onSession={accept} onSignedOut={signedOut} />;
}

applyTheme((localStorage.getItem('secscan-theme') as Theme | null) ?? 'system');
interceptLinks();
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
