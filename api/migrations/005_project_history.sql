-- What travelers changed in their projects, and the notices guides are owed about it
-- (docs/product/projects.md). Both go with their project: deleting a project, or its owner,
-- deletes them.

-- One row per changed field of a saved change set, written in the same transaction as the update.
create table project_changes (
  id bigint generated always as identity primary key,
  project_id uuid not null references projects (id) on delete cascade,
  -- Who made the change (the owner today; kept so a later shared project can tell people apart).
  user_id uuid not null references users (id) on delete cascade,
  -- All rows of one save share it; guide_notifications refers to it.
  change_set_id uuid not null,
  field text not null,
  label text not null,
  before_value text,
  after_value text,
  changed_at timestamptz not null
);

create index project_changes_project_idx on project_changes (project_id, changed_at);
create index project_changes_set_idx on project_changes (change_set_id);

-- The outbox of notices to guides: one row per change set, delivered later by a worker.
create table guide_notifications (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects (id) on delete cascade,
  -- One notice per change set, however often the client asks (idempotent).
  change_set_id uuid not null unique,
  changes jsonb not null,
  created_at timestamptz not null,
  delivered_at timestamptz
);

create index guide_notifications_pending_idx on guide_notifications (created_at)
  where delivered_at is null;
