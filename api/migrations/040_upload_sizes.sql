-- The bytes of a stored upload, so the unapplied uploads can be held under a ceiling
-- (UNAPPLIED_UPLOADS_MAX_MB). Rows stored before this column count as the 5 MB cap.
alter table profile_image_uploads add column size_bytes integer;
