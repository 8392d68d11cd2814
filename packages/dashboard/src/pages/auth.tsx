/** Signing in and up: the only pages for people without a session. */
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type AuthConfig, type SessionInfo } from '../api.ts';
import { errorText, Field, Notice } from '../components.tsx';

/** Why a single sign-on came back to the sign-in page (the server puts it in the URL fragment). */
const SSO_ERRORS: Record<string, string> = {
  sso_failed: 'Single sign-on did not complete. Try again.',
  sso_expired: 'The single sign-on attempt took too long. Try again.',
  sso_unavailable: 'The single sign-on provider cannot be reached right now.',
  sso_not_allowed: 'Your single sign-on account has no access to this server: ask an admin for an invitation.',
  sso_no_email: 'The single sign-on provider did not share your e-mail address.',
  disabled: 'This account is disabled: ask an admin.',
  unavailable: 'The server could not sign you in right now. Try again.',
};

/** The reason a single sign-on came back with, for people; null when it did not. */
function ssoError(): string | null {
  const reason = new URLSearchParams(location.hash.slice(1)).get('error');
  return reason ? (SSO_ERRORS[reason] ?? 'Signing in did not work. Try again.') : null;
}

function Brand() {
  return (
    <p class="auth-brand">
      <span class="logo" aria-hidden="true">
        ◆
      </span>{' '}
      secscan
    </p>
  );
}

/** The single sign-on button, when the server has a provider. */
function SingleSignOn(props: { config: AuthConfig | null }) {
  if (!props.config?.singleSignOn) return null;
  return (
    <>
      <p class="divider">
        <span>or</span>
      </p>
      <a class="button button-secondary button-wide" href="/api/auth/oidc/start">
        Sign in with {props.config.singleSignOn.name}
      </a>
    </>
  );
}

/** The sign-in page. */
export function SignIn(props: { config: AuthConfig | null; onSession: (session: SessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(ssoError);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      props.onSession(await api<SessionInfo>('POST', '/api/auth/sign-in', { email, password }));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const config = props.config;
  return (
    <main class="auth" id="main">
      <Brand />
      <div class="auth-card">
        <h1 tabIndex={-1}>Sign in</h1>
        {config?.firstUser && (
          <Notice kind="info">
            This server has no accounts yet. <a href="/dashboard/sign-up">Create the first one</a>: it becomes the admin.
          </Notice>
        )}
        {error && <Notice kind="error">{error}</Notice>}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Field id="email" label="E-mail">
            {() => <input id="email" type="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />}
          </Field>
          <Field id="password" label="Password">
            {() => <input id="password" type="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />}
          </Field>
          <button class="button button-primary button-wide" type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <SingleSignOn config={config} />
        {config && !config.firstUser && config.signUp === 'open' && (
          <p class="auth-switch">
            No account yet? <a href="/dashboard/sign-up">Create one</a>
          </p>
        )}
      </div>
    </main>
  );
}

/** The sign-up page: the first user, an open server, or an invitation link (`#invitation=<token>`). */
export function SignUp(props: { config: AuthConfig | null; onSession: (session: SessionInfo) => void }) {
  const invitation = new URLSearchParams(location.hash.slice(1)).get('invitation');
  const [invited, setInvited] = useState<{ email: string; role: string } | null>(null);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(ssoError);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (invitation === null) return;
    api<{ email: string; role: string }>('POST', '/api/auth/invitation', { token: invitation }).then(
      (info) => {
        setInvited(info);
        setEmail(info.email);
      },
      (failure: unknown) => setError(errorText(failure)),
    );
  }, [invitation]);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      props.onSession(await api<SessionInfo>('POST', '/api/auth/sign-up', { email, displayName, password, ...(invitation !== null ? { invitation } : {}) }));
    } catch (failure) {
      setError(errorText(failure));
      if (failure instanceof ApiError) setFields(failure.fields);
    } finally {
      setBusy(false);
    }
  };
  const config = props.config;
  const closed = config && !config.firstUser && invitation === null && config.signUp !== 'open';
  const min = config?.passwordMinLength ?? 15;
  return (
    <main class="auth" id="main">
      <Brand />
      <div class="auth-card">
        <h1 tabIndex={-1}>{config?.firstUser ? 'Set up secscan' : 'Create your account'}</h1>
        {config?.firstUser && <p class="lead">You are the first here: your account becomes the admin, who invites the rest of the team.</p>}
        {invited && (
          <p class="lead">
            You are invited as <strong>{invited.role}</strong> with <strong>{invited.email}</strong>.
          </p>
        )}
        {closed && (
          <Notice kind="info">{config.signUp === 'invite' ? 'Accounts on this server are by invitation: ask an admin for a link.' : 'Sign-up is closed on this server.'}</Notice>
        )}
        {error && <Notice kind="error">{error}</Notice>}
        {!closed && (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Field id="email" label="E-mail" error={fields['email']}>
              {(d) => (
                <input
                  id="email"
                  type="email"
                  autoComplete="username"
                  required
                  readOnly={invited !== null}
                  aria-describedby={d}
                  aria-invalid={fields['email'] ? 'true' : undefined}
                  value={email}
                  onInput={(e) => setEmail(e.currentTarget.value)}
                />
              )}
            </Field>
            <Field id="display-name" label="Name" error={fields['displayName']}>
              {(d) => <input id="display-name" autoComplete="name" required aria-describedby={d} value={displayName} onInput={(e) => setDisplayName(e.currentTarget.value)} />}
            </Field>
            <Field id="new-password" label="Password" hint={`At least ${min} characters. A few unrelated words are easy to remember and hard to guess.`} error={fields['password']}>
              {(d) => (
                <input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={min}
                  aria-describedby={d}
                  aria-invalid={fields['password'] ? 'true' : undefined}
                  value={password}
                  onInput={(e) => setPassword(e.currentTarget.value)}
                />
              )}
            </Field>
            <button class="button button-primary button-wide" type="submit" disabled={busy}>
              {busy ? 'Creating…' : 'Create account'}
            </button>
          </form>
        )}
        {invitation === null && <SingleSignOn config={config} />}
        <p class="auth-switch">
          Have an account? <a href="/dashboard/sign-in">Sign in</a>
        </p>
      </div>
    </main>
  );
}
