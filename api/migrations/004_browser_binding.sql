-- The browser that started an OAuth sign-in, or that was shown a linking token, as the hash of a
-- random value kept in its cookie: the callback, and the link that uses the token, must come back
-- to that same browser (another person cannot finish a flow or a link started by someone else).
alter table oauth_flows add column browser_hash text;
alter table linking_tokens add column browser_hash text;
