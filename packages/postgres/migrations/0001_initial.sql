-- secscan's first schema (issue #5). Applied once, inside a transaction, by @secscan/postgres at start.
--
-- No table holds a secret: API keys and session tokens are kept only as the lower-case hex SHA-256
-- of the token (DESIGN §3), which cannot be turned back into the token. Submitted code is kept only
-- when the server runs with SECSCAN_STORE_CODE=true.

-- API keys, by the SHA-256 of the key. Revoked keys are kept (the admin API lists them).
CREATE TABLE secscan_api_keys (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  plan text NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
  -- Only enterprise keys carry their own limit; the other plans follow the server's settings.
  requests_per_minute integer CHECK (requests_per_minute > 0),
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- Sessions, by the SHA-256 of the token; deleted by the periodic sweep once expired.
CREATE TABLE secscan_sessions (
  id uuid PRIMARY KEY,
  subject text NOT NULL,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX secscan_sessions_expires_at ON secscan_sessions (expires_at);

-- Scan history: one row per scan, deleted by the periodic sweep after SECSCAN_RETENTION_DAYS.
-- `result` and `code` are `json`, not `text`/`jsonb`: they round-trip any JavaScript string exactly,
-- including NUL characters (which `text` and `jsonb` refuse) and lone surrogates, and keep the
-- answer's member order.
CREATE TABLE secscan_scans (
  id uuid PRIMARY KEY,
  -- Who made the scan: 'key:<key id>' or 'session:<subject>'; NULL for an anonymous caller.
  owner text,
  created_at timestamptz NOT NULL,
  language text NOT NULL,
  code_bytes integer NOT NULL CHECK (code_bytes >= 0),
  finding_count integer NOT NULL CHECK (finding_count >= 0),
  -- filename, findings, summary, suppressed, truncated(Reason), partialParse, engine, durationMs.
  result json NOT NULL,
  -- The submitted code as a JSON string; NULL unless SECSCAN_STORE_CODE=true.
  code json
);
CREATE INDEX secscan_scans_created_at ON secscan_scans (created_at);

-- Rate limits: one row per subject holding all its clock-aligned windows, so one
-- INSERT … ON CONFLICT (subject) DO UPDATE checks and counts every window atomically.
-- The arrays are parallel: window i is (window_names[i], window_seconds[i]) and counted
-- counts[i] requests in the window that started at window_starts[i] (Unix ms).
CREATE TABLE secscan_rate_limits (
  subject text PRIMARY KEY,
  window_names text[] NOT NULL,
  window_seconds integer[] NOT NULL,
  window_starts bigint[] NOT NULL,
  counts integer[] NOT NULL,
  -- Whether the latest hit was admitted (what the statement's RETURNING reports).
  allowed boolean NOT NULL,
  -- The database clock at the latest hit.
  updated_at timestamptz NOT NULL,
  -- When every counted window has ended: from then on the row means nothing and the sweep deletes it.
  expires_at timestamptz NOT NULL
);
CREATE INDEX secscan_rate_limits_expires_at ON secscan_rate_limits (expires_at);
