-- Who and what an offer is about, for its notifications: both parties as the other may know them
-- (que_public_name: "Alice S."; a customer without a profile name is "another customer"), the business, what a
-- visit there is called ('appointment', or 'table' at a restaurant), and the two slots the offer
-- trades (que_slot_text): from_slot the sender's, to_slot the recipient's. While it is live they are
-- the appointments' starts now (a move ends a live offer); once accepted, the starts recorded just
-- before the swap, so a later reschedule does not rewrite the deal ("the 9:00 slot you gave up").
-- Each notification names the slot its reader cares about, so the caller picks one.
CREATE OR REPLACE FUNCTION que_offer_context(p_offer integer, OUT from_name text, OUT to_name text, OUT business_name text, OUT visit text, OUT from_slot text, OUT to_slot text)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  SELECT coalesce(que_public_name(fu.full_name), 'another customer'), coalesce(que_public_name(tu.full_name), 'another customer'), b.business_name, CASE WHEN b.business_type = 'restaurant' THEN 'table' ELSE 'appointment' END,
         que_slot_text(coalesce(o.swap_from_starts_at, fa.starts_at)), que_slot_text(coalesce(o.swap_to_starts_at, ta.starts_at))
    INTO from_name, to_name, business_name, visit, from_slot, to_slot
    FROM offers o JOIN users fu ON fu.id = o.from_user_id JOIN users tu ON tu.id = o.to_user_id
    JOIN appointments fa ON fa.id = o.from_appointment_id
    JOIN appointments ta ON ta.id = o.to_appointment_id JOIN businesses b ON b.id = ta.business_id
   WHERE o.id = p_offer;
END
$$;

-- An in-app notice about an offer, for its change's record (que_offer_record): a sentence ending in
-- a name that ends with a period keeps one period ("Alice S."), and one that starts with a
-- description gets its capital ("Another customer offers …"). The notifications feature's follower
-- writes it (que_change_notices, decision 0029).
CREATE OR REPLACE FUNCTION que_offer_notice(p_user integer, p_kind text, p_title text, p_body text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT jsonb_build_object('userId', p_user, 'kind', p_kind, 'title', p_title,
                            'body', regexp_replace(upper(left(p_body, 1)) || substr(p_body, 2), '\.\.$', '.'))
$$;

-- An offer's change, once (decision 0029), with the notices its followers give (an array of
-- que_offer_notice), on the appointment the offer is on (its target), at that appointment's business:
-- followed in order with that appointment's own changes.
CREATE OR REPLACE FUNCTION que_offer_record(p_kind text, p_offer integer, p_actor integer, p_notices jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  t record;
BEGIN
  SELECT ap.id, ap.business_id INTO t FROM offers o JOIN appointments ap ON ap.id = o.to_appointment_id WHERE o.id = p_offer;
  PERFORM que_record_change(p_kind, t.id, p_offer, t.business_id, p_actor, jsonb_build_object('notices', coalesce(p_notices, '[]'::jsonb)));
END
$$;
