/** The user's API keys: create (shown once, with a copy button), list, revoke. */
import { useEffect, useState } from 'preact/hooks';
import { api, type Key } from '../api.ts';
import { CopyButton, errorText, Field, Notice, PageHeader, Time } from '../components.tsx';

/** A key's status for people. */
function status(key: Key) {
  return key.revokedAt === null ? <span class="badge badge-ok">Active</span> : <span class="badge badge-muted">Revoked</span>;
}

/** The keys page. */
export function Keys() {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<(Key & { key: string }) | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = (): void =>
    void api<{ keys: Key[] }>('GET', '/api/me/keys').then(
      (r) => setKeys(r.keys),
      (e: unknown) => setError(errorText(e)),
    );
  useEffect(load, []);

  const create = async (event: Event): Promise<void> => {
    event.preventDefault();
    setError(null);
    try {
      setCreated(await api<Key & { key: string }>('POST', '/api/me/keys', { name: name.trim() }));
      setName('');
      load();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const revoke = async (key: Key): Promise<void> => {
    setError(null);
    try {
      await api('DELETE', `/api/me/keys/${key.id}`);
      setConfirming(null);
      if (created?.id === key.id) setCreated(null);
      load();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <>
      <PageHeader title="API keys" lead="Keys let your scripts and CI call the API as you: Authorization: Bearer <key>." />
      {error && <Notice kind="error">{error}</Notice>}
      {created && (
        <section class="card card-highlight" aria-labelledby="new-key-title">
          <h2 id="new-key-title">Your new key “{created.name}”</h2>
          <p>Copy it now: it is shown only this once. Only its fingerprint is kept, so nobody — not even an admin — can show it again.</p>
          <div class="secret">
            <code id="new-key-value">{created.key}</code>
            <CopyButton value={created.key} label="Copy key" />
          </div>
          <p class="hint">
            Plan <strong>{created.plan}</strong>: {created.requestsPerMinute} requests per minute.
          </p>
        </section>
      )}
      <section class="card" aria-labelledby="create-title">
        <h2 id="create-title">Create a key</h2>
        <form class="inline-form" onSubmit={(e) => void create(e)}>
          <Field id="key-name" label="Key name" hint="What it is for, e.g. “CI pipeline”.">
            {(d) => <input id="key-name" required maxLength={200} aria-describedby={d} value={name} onInput={(e) => setName(e.currentTarget.value)} />}
          </Field>
          <button class="button button-primary" type="submit" disabled={name.trim() === ''}>
            Create key
          </button>
        </form>
      </section>
      <section class="card" aria-labelledby="list-title">
        <h2 id="list-title">Your keys</h2>
        {keys === null ? (
          <p class="muted">Loading…</p>
        ) : keys.length === 0 ? (
          <p class="empty">No keys yet. Create one above to call the API from a script.</p>
        ) : (
          <div class="table-wrap">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id}>
                    <td>{key.name}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>
                      {key.plan} <span class="muted">· {key.requestsPerMinute}/min</span>
                    </td>
                    <td>
                      <Time iso={key.createdAt} />
                    </td>
                    <td>
                      <Time iso={key.lastUsedAt} />
                    </td>
                    <td>{status(key)}</td>
                    <td class="actions">
                      {key.revokedAt === null &&
                        (confirming === key.id ? (
                          <span class="confirm">
                            <button type="button" class="button button-danger" onClick={() => void revoke(key)}>
                              Yes, revoke {key.name}
                            </button>
                            <button type="button" class="button button-ghost" onClick={() => setConfirming(null)}>
                              Cancel
                            </button>
                          </span>
                        ) : (
                          <button type="button" class="button button-ghost" aria-label={`Revoke ${key.name}`} onClick={() => setConfirming(key.id)}>
                            Revoke
                          </button>
                        ))}
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
