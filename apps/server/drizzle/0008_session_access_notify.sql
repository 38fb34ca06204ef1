-- The cached session rows (auth/sessions.ts, decision 0023) hold a session's user, revocation and
-- expiry, and its account's disabled flag: nothing else. Migration 0007 dropped them at every
-- write to `sessions` or `users`, so each refresh (it writes `last_used_at`) and each checkout (it
-- writes a balance) dropped every customer's row. These statement triggers notify the virtual
-- table `session_access` only when what the rows hold may have changed: a session or account
-- added or deleted (cascades included), or an update naming one of those columns (PostgreSQL
-- fires `UPDATE OF` when the column is in the SET list, changed or not). They replace the two
-- table triggers, which no cache needs any more.
CREATE FUNCTION shop_session_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_table_changed', 'session_access');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER INSERT OR UPDATE OF id, user_id, revoked_at, expires_at OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION shop_session_access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER INSERT OR UPDATE OF id, disabled OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION shop_session_access_changed();
--> statement-breakpoint
DROP TRIGGER sessions_changed ON sessions;
--> statement-breakpoint
DROP TRIGGER users_changed ON users;
