create table magic_links (
  -- sha256 of the token sent by e-mail; the token itself is never stored.
  token_hash text primary key,
  email text not null,
  first_name text,
  last_name text,
  redirect_to text not null,
  purpose text not null default 'sign_in',
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create index magic_links_expires_at_idx on magic_links (expires_at);

create table projects (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  title text not null,
  description text,
  destination text,
  status text not null default 'pending',
  start_date date,
  end_date date,
  duration text,
  group_size integer,
  language text,
  flexible boolean not null default false,
  flexibility_window_days integer,
  max_budget text,
  difficulty text,
  form_data jsonb not null,
  created_at timestamptz not null
);

create index projects_user_created_idx on projects (user_id, created_at desc);
