-- One row per started OAuth sign-in; used once by its callback.
create table oauth_flows (
  state_hash text primary key,
  provider text not null,
  code_verifier text not null,
  return_to text not null,
  form_data text,
  mode text not null default 'sign_in',
  user_id uuid references users (id) on delete cascade,
  expires_at timestamptz not null
);

-- A provider account whose e-mail belongs to an existing user, waiting for that user to prove
-- the e-mail with a magic link before it is linked.
create table linking_tokens (
  token_hash text primary key,
  provider text not null,
  subject text not null,
  email text not null,
  email_verified boolean not null default false,
  expires_at timestamptz not null
);

alter table magic_links add column linking_token_hash text;
