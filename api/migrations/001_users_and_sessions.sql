create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  first_name text,
  last_name text,
  display_name text,
  profile_image_url text,
  is_temporary_email boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- E-mails are compared without case.
create unique index users_email_lower_idx on users (lower(email));

create table sessions (
  -- sha256 of the cookie's token: a leaked table does not hand out sessions.
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null
);

create index sessions_user_id_idx on sessions (user_id);

create table auth_identities (
  user_id uuid not null references users (id) on delete cascade,
  provider text not null,
  subject text not null,
  email text,
  email_verified boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);

create index auth_identities_user_id_idx on auth_identities (user_id);

-- Counters of the rate limits: kept in the database so any number of API processes agree.
create table rate_limits (
  key text primary key,
  count integer not null,
  reset_at timestamptz not null
);
