-- The account a rate-limit mark belongs to, when it is one person's own (the mark of a client
-- address that signed in to an e-mail by magic link: an address plus an IP, personal data). It
-- goes with the account, whatever e-mail the account has by then (docs/product/account.md,
-- "Delete account"); counters that guard a mailbox rather than an account have none.
alter table rate_limits add column user_id uuid references users (id) on delete cascade;
create index rate_limits_user_id_idx on rate_limits (user_id) where user_id is not null;

-- Marks made before this column: their owner is the account that has the marked e-mail now (the
-- mark was made by signing in to it). A mark of an address the account has left is not found and
-- expires within its 30 days.
update rate_limits r set user_id = u.id
from users u
where starts_with(r.key, 'magic-link:signed-in:' || lower(u.email) || ' ');
