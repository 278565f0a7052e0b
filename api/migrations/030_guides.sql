-- Guides, managed by the admin, and the WhatsApp webhook's record (docs/product/admin.md).

create table guides (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  locale text not null check (locale in ('fr', 'en', 'es')),
  -- A JSON array of zone names, in the order the admin gave them.
  zones jsonb not null default '[]',
  is_active boolean not null default true,
  -- Random and unique. Guides are never deleted, so a code is never free to be handed out again;
  -- a later "delete a guide" must keep its code taken (retire the row rather than delete it).
  join_code text not null unique,
  -- The WhatsApp number that sent 'JOIN-<join_code>'; one number belongs to one guide.
  whatsapp_id text unique,
  whatsapp_connected_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index guides_created_idx on guides (created_at desc, id desc);

-- Every signed call of the webhook, kept whole for audit (bytes as received, even if they are not
-- JSON). Unsigned calls are refused and not kept: anyone can send those.
create table whatsapp_webhook_events (
  id bigint generated always as identity primary key,
  received_at timestamptz not null,
  raw_body bytea not null,
  -- 'processed' (a payload of the Cloud API's shape) or 'malformed'.
  outcome text not null
);

-- One row per message id the webhook has seen: the provider delivers a message again when it
-- did not get a 2xx in time, and a message id seen before is ignored.
create table whatsapp_messages (
  message_id text primary key,
  event_id bigint not null references whatsapp_webhook_events (id),
  sender text not null,
  type text not null,
  -- What the message did: joined, already_connected, code_taken, number_taken, unknown_code,
  -- not_a_join (any other text or message type).
  outcome text not null,
  guide_id uuid references guides (id),
  received_at timestamptz not null
);
