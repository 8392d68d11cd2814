/** The user's account: who they are, their password, signing out everywhere. */
import { useState } from 'preact/hooks';
import { api, ApiError, type SessionInfo, type User } from '../api.ts';
import { errorText, Field, Notice, PageHeader, Time } from '../components.tsx';

/** The account page. */
export function Account(props: { user: User; onSession: (session: SessionInfo) => void; onSignedOut: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const change = async (event: Event): Promise<void> => {
    event.preventDefault();
    setFields({});
    setMessage(null);
    try {
      props.onSession(await api<SessionInfo>('POST', '/api/me/password', { currentPassword: current, newPassword: next }));
      setCurrent('');
      setNext('');
      setMessage({ kind: 'success', text: 'Password changed. Every other session has been signed out.' });
    } catch (failure) {
      if (failure instanceof ApiError) setFields(failure.fields);
      setMessage({ kind: 'error', text: errorText(failure) });
    }
  };
  const everywhere = async (): Promise<void> => {
    try {
      await api('POST', '/api/auth/sign-out-everywhere');
      props.onSignedOut();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorText(failure) });
    }
  };
  const { user } = props;
  return (
    <>
      <PageHeader title="Account" />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <section class="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <dl class="facts">
          <div>
            <dt>Name</dt>
            <dd>{user.displayName}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{user.role}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>
              {user.plan} ({user.requestsPerMinute} requests per minute per key)
            </dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>
              <Time iso={user.createdAt} />
            </dd>
          </div>
        </dl>
      </section>
      {user.hasPassword && (
        <section class="card" aria-labelledby="password-title">
          <h2 id="password-title">Change password</h2>
          <form onSubmit={(e) => void change(e)}>
            <Field id="current-password" label="Current password" error={fields['currentPassword']}>
              {(d) => (
                <input
                  id="current-password"
                  type="password"
                  autoComplete="current-password"
                  aria-describedby={d}
                  value={current}
                  onInput={(e) => setCurrent(e.currentTarget.value)}
                />
              )}
            </Field>
            <Field id="next-password" label="New password" error={fields['newPassword']}>
              {(d) => <input id="next-password" type="password" autoComplete="new-password" aria-describedby={d} value={next} onInput={(e) => setNext(e.currentTarget.value)} />}
            </Field>
            <button class="button button-primary" type="submit">
              Change password
            </button>
          </form>
        </section>
      )}
      <section class="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p>Signed in somewhere you no longer use? End every session of your account, this one included.</p>
        <button type="button" class="button button-danger" onClick={() => void everywhere()}>
          Sign out everywhere
        </button>
      </section>
    </>
  );
}
