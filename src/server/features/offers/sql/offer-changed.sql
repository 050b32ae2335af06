-- Every change to an offer (made, countered, accepted, declined, cancelled, expired, settled) is
-- pushed to both of its customers' open tabs as an offer_changed live event (features/live), on
-- commit, so each tab refetches the offer, the appointments it moves, the wallet and the credit.
-- A trigger rather than a call in each function: the sweeps, the ends on an appointment change and
-- settlement all reach it too, and the acting customer's other tabs hear of it as well. Several
-- updates of one offer in one transaction send one event: PostgreSQL drops repeated payloads.
CREATE OR REPLACE FUNCTION que_offer_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'offer_changed', 'userIds', jsonb_build_array(NEW.from_user_id, NEW.to_user_id),
                                                  'offerId', NEW.id)::text);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER offers_changed AFTER INSERT OR UPDATE ON offers FOR EACH ROW EXECUTE FUNCTION que_offer_changed();

-- An appointment of an accepted offer whose escrow is still held is cancelled, completed, marked a
-- no-show or moved: the offer itself does not change until it settles, but what its card says (whose
-- visit the escrow waits for, where each moved) does, so both customers hear of it too.
CREATE OR REPLACE FUNCTION que_offer_appointment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'offer_changed', 'userIds', jsonb_build_array(o.from_user_id, o.to_user_id),
                                                  'offerId', o.id)::text)
     FROM offers o
    WHERE (o.from_appointment_id = NEW.id OR o.to_appointment_id = NEW.id) AND o.status = 'accepted' AND o.escrow_status = 'held';
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER appointments_offer_changed AFTER UPDATE OF status, starts_at ON appointments FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_at IS DISTINCT FROM NEW.starts_at) EXECUTE FUNCTION que_offer_appointment_changed();
