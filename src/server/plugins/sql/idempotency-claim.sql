-- The first statement of a keyed request's transaction (and the source of the insert that keeps a
-- refusal after its transaction rolled back, plugins/idempotency-keys.repository.ts). Takes the key's transaction lock without
-- waiting: false means a request with this key is in flight in another transaction (409), so a
-- retry never queues behind its first try. With the lock held, reads the key's answer within
-- retention. This function is VOLATILE, so the read takes a snapshot after the lock was granted and
-- sees an answer committed by the transaction that held it; one statement doing both would read
-- with a snapshot taken before. p_idle_limit_ms > 0 (PostgreSQL, not PGlite) bounds how long the
-- transaction may sit idle: a process that hangs or stops mid-request loses its session, and with it
-- the lock. It also has the session check every second, while a statement runs (a lock wait), that
-- its client is still there: one killed mid-statement frees the key within a second, not when the
-- statement ends. That check needs a kernel that reports closed sockets (not Windows): skipped there.
CREATE OR REPLACE FUNCTION que_idempotency_claim(p_user_id integer, p_key text, p_retention_seconds integer, p_idle_limit_ms integer)
 RETURNS TABLE(claimed boolean, stored_hash text, stored_status integer, stored_body text)
 LANGUAGE plpgsql
AS $$
BEGIN
  IF p_idle_limit_ms > 0 THEN
    PERFORM set_config('idle_in_transaction_session_timeout', p_idle_limit_ms::text, true);
    BEGIN
      PERFORM set_config('client_connection_check_interval', '1000', true);
    EXCEPTION WHEN invalid_parameter_value THEN
      NULL;
    END;
  END IF;
  claimed := pg_try_advisory_xact_lock(hashtextextended('que:idempotency:' || p_user_id || ':' || p_key, 0));
  IF claimed THEN
    SELECT k.request_hash, k.response_status, k.response_body INTO stored_hash, stored_status, stored_body
    FROM idempotency_keys k
    WHERE k.user_id = p_user_id AND k.key = p_key AND k.created_at > now() - make_interval(secs => p_retention_seconds);
  END IF;
  RETURN NEXT;
END $$;
