-- The Audit Log screen: exact filters by actor and by action, newest first (the target type and id
-- already have audit_log_target_idx), whose leading columns also list each one's distinct values
-- for the filter menus; and its search box, which looks in the action, target and actor through
-- one trigram index on the same lower-cased expression sql/audit-log.ts searches.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_username, created_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_search_trgm_idx ON audit_log
  USING gin (lower(action || ' ' || target_type || ' ' || coalesce(target_id, '') || ' ' || coalesce(actor_username, '')) gin_trgm_ops);
