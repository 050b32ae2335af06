-- What a no-show cost its customer, in words (DESIGN section 11), for the notice and the e-mail that
-- tell them: the deposit the business kept, the no-show fee charged to the card on file (ending
-- NNNN), or that nothing was kept or charged. Read from the appointment's settlements
-- (appointment_charges), which the no-show wrote in its own transaction (que_no_show_payments).
CREATE OR REPLACE FUNCTION que_no_show_outcome_text(p_appointment integer)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $$
  SELECT coalesce(string_agg(CASE c.kind
           WHEN 'deposit' THEN format('The business kept your deposit of $%s.', que_cents_decimal(c.amount_cents))
           ELSE format('A no-show fee of $%s was charged to your card ending %s.', que_cents_decimal(c.amount_cents), coalesce(m.last4, '····'))
         END, ' ' ORDER BY c.kind), 'Nothing was kept or charged.')
    FROM appointment_charges c
    LEFT JOIN appointment_payments ap ON ap.appointment_id = c.appointment_id
    LEFT JOIN payment_methods m ON m.id = ap.payment_method_id
   WHERE c.appointment_id = p_appointment
     AND ((c.kind = 'deposit' AND c.outcome = 'kept') OR (c.kind = 'no_show_fee' AND c.outcome = 'charged'))
$$;
