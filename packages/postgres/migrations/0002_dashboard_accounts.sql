-- The dashboard's accounts (issue #11): users, invitations, run-time settings, keys that belong to
-- users, and an index for a user's scan history. Applied once, inside a transaction.
--
-- No table holds a secret: passwords are kept only as Argon2id hashes (PHC strings), invitation
-- tokens only as their SHA-256, as keys and sessions already are.

CREATE TABLE secscan_users (
  id uuid PRIMARY KEY,
  -- Normalised (trimmed, lower-case) by the application; unique.
  email text NOT NULL UNIQUE,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  -- '$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>'; NULL for users who only sign in with OIDC.
  password_hash text CHECK (password_hash LIKE '$argon2id$%'),
  -- '<issuer> <sub>' of a linked OpenID Connect identity.
  oidc_subject text UNIQUE,
  plan text NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
  requests_per_minute integer CHECK (requests_per_minute > 0),
  created_at timestamptz NOT NULL,
  disabled_at timestamptz,
  last_sign_in_at timestamptz
);

CREATE TABLE secscan_invitations (
  id uuid PRIMARY KEY,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  -- The admin user who made it; NULL when made with the admin token.
  created_by uuid,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz
);

CREATE TABLE secscan_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);

-- Keys made in the dashboard belong to a user; keys made with the admin token to nobody (NULL).
ALTER TABLE secscan_api_keys ADD COLUMN user_id uuid;
-- The first characters of a key (sk_live_ and 4 of its 43 random ones), shown to tell keys apart.
ALTER TABLE secscan_api_keys ADD COLUMN display_prefix text CHECK (length(display_prefix) <= 16);
CREATE INDEX secscan_api_keys_user_id ON secscan_api_keys (user_id);

-- "Sign out everywhere" revokes every session of a subject.
CREATE INDEX secscan_sessions_subject ON secscan_sessions (subject);

-- A user's history: their owners' scans, newest first.
CREATE INDEX secscan_scans_owner_created_at ON secscan_scans (owner, created_at DESC, id DESC);
