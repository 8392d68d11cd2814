/** The admin pages: users (invite, role, plan, disable), every key with its plan, and the sign-up policy. */
import { useEffect, useState } from 'preact/hooks';
import { api, type Key, type User } from '../api.ts';
import { CopyButton, errorText, Field, Notice, PageHeader, Time } from '../components.tsx';

type Plan = 'free' | 'pro' | 'enterprise';

interface Invitation {
  id: string;
  email: string;
  role: 'admin' | 'member';
  createdAt: string;
  expiresAt: string;
  status: 'open' | 'accepted' | 'revoked' | 'expired';
}

/** A plan with, for enterprise, its agreed limit; saved with one button. */
function PlanEditor(props: { id: string; label: string; plan: Plan; requestsPerMinute: number; onSave: (plan: Plan, rpm: number | undefined) => Promise<void> }) {
  const [plan, setPlan] = useState<Plan>(props.plan);
  const [rpm, setRpm] = useState(String(props.requestsPerMinute));
  const changed = plan !== props.plan || (plan === 'enterprise' && Number(rpm) !== props.requestsPerMinute);
  return (
    <span class="plan-editor">
      <select aria-label={`Plan of ${props.label}`} value={plan} onChange={(e) => setPlan(e.currentTarget.value as Plan)}>
        <option value="free">free</option>
        <option value="pro">pro</option>
        <option value="enterprise">enterprise</option>
      </select>
      {plan === 'enterprise' && (
        <input aria-label={`Requests per minute of ${props.label}`} type="number" min={1} inputMode="numeric" value={rpm} onInput={(e) => setRpm(e.currentTarget.value)} />
      )}
      {changed && (
        <button type="button" class="button button-secondary" onClick={() => void props.onSave(plan, plan === 'enterprise' ? Number(rpm) : undefined)}>
          Save plan
        </button>
      )}
    </span>
  );
}

/** The users page: the team, invitations. */
export function AdminUsers(props: { me: User }) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const load = (): void => {
    api<{ users: User[] }>('GET', '/api/admin/users').then(
      (r) => setUsers(r.users),
      (e: unknown) => setMessage({ kind: 'error', text: errorText(e) }),
    );
    api<{ invitations: Invitation[] }>('GET', '/api/admin/invitations').then(
      (r) => setInvitations(r.invitations),
      () => {},
    );
  };
  useEffect(load, []);
  const act = async (action: () => Promise<unknown>, success: string): Promise<void> => {
    setMessage(null);
    try {
      await action();
      setMessage({ kind: 'success', text: success });
      load();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorText(failure) });
    }
  };
  const invite = async (event: Event): Promise<void> => {
    event.preventDefault();
    setMessage(null);
    try {
      const created = await api<{ path: string }>('POST', '/api/admin/invitations', { email, role });
      setLink(`${location.origin}${created.path}`);
      setEmail('');
      load();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorText(failure) });
    }
  };
  return (
    <>
      <PageHeader title="Users" lead="Who can use this server, with which role and plan." />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <section class="card" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <form class="inline-form" onSubmit={(e) => void invite(e)}>
          <Field id="invite-email" label="E-mail">
            {() => <input id="invite-email" type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />}
          </Field>
          <Field id="invite-role" label="Role">
            {() => (
              <select id="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as 'member' | 'admin')}>
                <option value="member">member</option>
                <option value="admin">admin</option>
              </select>
            )}
          </Field>
          <button class="button button-primary" type="submit">
            Create invitation link
          </button>
        </form>
        {link && (
          <div class="card-highlight invitation-link">
            <p>Send this link to them (it is shown once, works once, and expires):</p>
            <div class="secret">
              <code id="invitation-link">{link}</code>
              <CopyButton value={link} label="Copy link" />
            </div>
          </div>
        )}
        {invitations.some((i) => i.status === 'open') && (
          <>
            <h3>Open invitations</h3>
            <ul class="plain-list">
              {invitations
                .filter((i) => i.status === 'open')
                .map((i) => (
                  <li key={i.id}>
                    {i.email} ({i.role}), expires <Time iso={i.expiresAt} />{' '}
                    <button
                      type="button"
                      class="button button-ghost"
                      aria-label={`Revoke the invitation of ${i.email}`}
                      onClick={() => void act(() => api('DELETE', `/api/admin/invitations/${i.id}`), `Invitation of ${i.email} revoked.`)}
                    >
                      Revoke
                    </button>
                  </li>
                ))}
            </ul>
          </>
        )}
      </section>
      <section class="card" aria-labelledby="users-title">
        <h2 id="users-title">Team</h2>
        {users && (
          <div class="table-wrap">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user.id}>
                    <td>
                      {user.displayName}
                      {user.id === props.me.id && <span class="muted"> (you)</span>}
                    </td>
                    <td>{user.email}</td>
                    <td>
                      <select
                        aria-label={`Role of ${user.displayName}`}
                        value={user.role}
                        onChange={(e) =>
                          void act(() => api('PATCH', `/api/admin/users/${user.id}`, { role: e.currentTarget.value }), `${user.displayName} is now ${e.currentTarget.value}.`)
                        }
                      >
                        <option value="member">member</option>
                        <option value="admin">admin</option>
                      </select>
                    </td>
                    <td>
                      <PlanEditor
                        id={user.id}
                        label={user.displayName}
                        plan={user.plan}
                        requestsPerMinute={user.requestsPerMinute}
                        onSave={(plan, rpm) =>
                          act(
                            () => api('PATCH', `/api/admin/users/${user.id}`, { plan, ...(rpm !== undefined ? { requestsPerMinute: rpm } : {}) }),
                            `${user.displayName} is on ${plan}.`,
                          )
                        }
                      />
                    </td>
                    <td>
                      <Time iso={user.lastSignInAt} />
                    </td>
                    <td>
                      {user.disabledAt === null ? <span class="badge badge-ok">Active</span> : <span class="badge badge-muted">Disabled</span>}{' '}
                      {user.id !== props.me.id && (
                        <button
                          type="button"
                          class="button button-ghost"
                          onClick={() =>
                            void act(
                              () => api('PATCH', `/api/admin/users/${user.id}`, { disabled: user.disabledAt === null }),
                              `${user.displayName} ${user.disabledAt === null ? 'is disabled: their keys and sessions stop now' : 'is enabled again'}.`,
                            )
                          }
                        >
                          {user.disabledAt === null ? `Disable ${user.displayName}` : `Enable ${user.displayName}`}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** Every key on the server with its owner and plan. */
export function AdminKeys() {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [users, setUsers] = useState<Map<string, User>>(new Map());
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const load = (): void => {
    api<{ keys: Key[] }>('GET', '/api/admin/keys').then(
      (r) => setKeys(r.keys),
      (e: unknown) => setMessage({ kind: 'error', text: errorText(e) }),
    );
    api<{ users: User[] }>('GET', '/api/admin/users').then(
      (r) => setUsers(new Map(r.users.map((u) => [u.id, u]))),
      () => {},
    );
  };
  useEffect(load, []);
  const save = async (key: Key, plan: Plan, rpm: number | undefined): Promise<void> => {
    setMessage(null);
    try {
      await api('PATCH', `/api/admin/keys/${key.id}`, { plan, ...(rpm !== undefined ? { requestsPerMinute: rpm } : {}) });
      setMessage({ kind: 'success', text: `“${key.name}” is on ${plan}.` });
      load();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorText(failure) });
    }
  };
  return (
    <>
      <PageHeader title="All keys" lead="Every API key on this server, its owner and its plan." />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <section class="card">
        {keys && (
          <div class="table-wrap">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Owner</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id}>
                    <td>{key.name}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>{key.userId ? (users.get(key.userId)?.email ?? '…') : <span class="muted">admin token</span>}</td>
                    <td>
                      {key.revokedAt === null ? (
                        <PlanEditor id={key.id} label={key.name} plan={key.plan} requestsPerMinute={key.requestsPerMinute} onSave={(plan, rpm) => save(key, plan, rpm)} />
                      ) : (
                        key.plan
                      )}
                    </td>
                    <td>
                      <Time iso={key.lastUsedAt} />
                    </td>
                    <td>{key.revokedAt === null ? <span class="badge badge-ok">Active</span> : <span class="badge badge-muted">Revoked</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** The sign-up policy. */
export function AdminSettings() {
  const [settings, setSettings] = useState<{ signUpPolicy: string; signUpPolicyLocked: boolean } | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  useEffect(
    () =>
      void api<{ signUpPolicy: string; signUpPolicyLocked: boolean }>('GET', '/api/admin/settings').then(setSettings, (e: unknown) =>
        setMessage({ kind: 'error', text: errorText(e) }),
      ),
    [],
  );
  const choose = async (policy: string): Promise<void> => {
    setMessage(null);
    try {
      setSettings(await api('PATCH', '/api/admin/settings', { signUpPolicy: policy }));
      setMessage({ kind: 'success', text: 'Sign-up policy saved.' });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorText(failure) });
    }
  };
  const options = [
    ['invite', 'By invitation', 'Admins create invitation links for each person.'],
    ['open', 'Open', 'Anyone who can reach this server can create an account.'],
    ['closed', 'Closed', 'Nobody can create an account.'],
  ] as const;
  return (
    <>
      <PageHeader title="Settings" />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {settings && (
        <section class="card">
          <fieldset disabled={settings.signUpPolicyLocked}>
            <legend>Who may sign up</legend>
            {settings.signUpPolicyLocked && <p class="hint">Fixed by SECSCAN_SIGNUP_POLICY on the server.</p>}
            {options.map(([value, label, hint]) => (
              <label class="radio" key={value}>
                <input type="radio" name="policy" value={value} checked={settings.signUpPolicy === value} onChange={() => void choose(value)} />
                <span>
                  <strong>{label}</strong>
                  <span class="hint">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </section>
      )}
    </>
  );
}
