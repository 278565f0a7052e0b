-- The account remote (docs/product/account.md): notification settings, e-mail changes waiting for
-- their link, profile photos, data exports and the jobs table that builds them. Everything that
-- belongs to a user goes with the user (on delete cascade); files in storage are deleted by the
-- code that deletes the rows (DELETE /api/user/delete, the sweeper).

-- One row once a traveler saves a switch; no row reads as the defaults (DEFAULT_USER_SETTINGS).
create table user_settings (
  user_id uuid primary key references users (id) on delete cascade,
  email_notifications boolean not null,
  newsletters boolean not null,
  promotions boolean not null,
  updated_at timestamptz not null
);

-- An e-mail change waits here until its link, sent to the new address, is followed. One per
-- user: asking again replaces it (and the earlier link stops working).
create table email_changes (
  -- sha256 of the token sent by e-mail.
  token_hash text primary key,
  user_id uuid not null unique references users (id) on delete cascade,
  new_email text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

-- The storage key of the profile photo (profile_image_url is the address it is served at).
alter table users add column profile_image_key text;

-- A signed upload URL: issued, used by one PUT (bytes stored), then applied by
-- PUT /api/profile-image, which deletes the row. Rows never applied are swept with their file.
create table profile_image_uploads (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  -- sha256 of the URL's signature.
  signature_hash text not null,
  status text not null default 'issued' check (status in ('issued', 'receiving', 'stored')),
  storage_key text,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create index profile_image_uploads_user_idx on profile_image_uploads (user_id);
create index profile_image_uploads_created_idx on profile_image_uploads (created_at);

-- Work done outside a request, polled by every API process (docs/decisions/0040-jobs-table.md).
create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  user_id uuid references users (id) on delete cascade,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  run_at timestamptz not null,
  -- A running job whose process died is taken again once this has passed.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  finished_at timestamptz
);

create index jobs_due_idx on jobs (run_at) where status in ('pending', 'running');
create index jobs_user_idx on jobs (user_id);

-- A data export ready for download (by its owner, signed in) until it expires.
create table data_exports (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  storage_key text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create index data_exports_user_idx on data_exports (user_id);
create index data_exports_expires_idx on data_exports (expires_at);
