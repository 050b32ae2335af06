// Everyone else's history, for bench/history-growth.ts: the soak's database had grown with every
// customer's offers, not only the one measured, and a plan is only chosen as in production on tables
// of that size. Written straight as rows (it is the measured customer's history that goes through the
// API): `people` customers, each with two past appointments and one ahead, `offersEach`
// offers between them in every state the wallet must skip or count, each with its escrow account
// (empty: these customers' wallets are not measured), and a notification per offer.
import pg from 'pg';

export async function addPopulation(url: string, shop: { businessId: number; serviceId: number }, people = 2000, offersEach = 10) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows: users } = await client.query<{ id: number }>(
      `insert into users (username, email, password_hash, user_type)
       select 'crowd_' || i || '_' || $1, 'crowd_' || i || '_' || $1 || '@example.com', 'not-a-hash', 'customer' from generate_series(1, $2::int) i
       returning id`,
      [process.pid, people],
    );
    const first = users[0].id;
    // Two past appointments a person (cancelled: they hold no time), and one far ahead, confirmed, each
    // at its own half hour: what an accepted offer still waiting for its visits points at.
    await client.query(
      `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, customer_name, customer_email, customer_phone)
       select $1, $2, u, t, t + interval '30 minutes', 30, 2500, case when k = 2 then 'confirmed' else 'cancelled' end, true, 'Crowd', 'crowd@example.com', '555-0100'
         from generate_series($3::int, $3::int + $4::int - 1) u, generate_series(0, 2) k,
              lateral (select case when k = 2 then timestamp '2031-01-06 00:00' + (u - $3) * interval '30 minutes'
                                   else timestamp '2025-01-06 09:00' + ((u - $3) * 2 + k) * interval '1 minute' end as t) s`,
      [shop.businessId, shop.serviceId, first, people],
    );
    // Offers from each person to the next: closed ones (declined, withdrawn, expired, settled, refunded)
    // and, one in ten, an accepted one whose escrow is still held until both (future) visits are done.
    const { rows: offers } = await client.query<{ id: number }>(
      `with a as (select customer_id, min(id) filter (where status = 'cancelled') as past_id, max(id) filter (where status = 'cancelled') as past_last_id,
                         min(id) filter (where status = 'confirmed') as ahead_id
                    from appointments where customer_id between $1 and $1 + $2 - 1 group by customer_id)
       insert into offers (from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind, offer_cents,
                           status, escrow_status, settled_at, agreed_cents, total_cents, recipient_cents, business_fee_cents, platform_fee_cents,
                           accepted_at, expires_at, created_at)
       select f.customer_id, t.customer_id, case when k % 10 = 9 then f.ahead_id else f.past_id end, case when k % 10 = 9 then t.ahead_id else t.past_last_id end,
              'queue_jump', 'credits', 'service', 1000,
              (array['declined', 'cancelled', 'expired', 'accepted', 'accepted', 'declined', 'cancelled', 'expired', 'declined', 'accepted'])[1 + k % 10],
              case when k % 10 = 9 then 'held' when k % 10 = 3 then 'released' else 'refunded' end,
              case when k % 10 = 9 then null else now() end,
              case when k % 10 in (3, 4, 9) then 1000 end, case when k % 10 in (3, 4, 9) then 1500 end, case when k % 10 in (3, 4, 9) then 950 end,
              case when k % 10 in (3, 4, 9) then 500 end, case when k % 10 in (3, 4, 9) then 50 end, case when k % 10 in (3, 4, 9) then now() end,
              now(), now() - (k * interval '1 hour')
         from a f join a t on t.customer_id = $1 + (f.customer_id - $1 + 1) % $2, generate_series(0, $3::int - 1) k
       returning id`,
      [first, people, offersEach],
    );
    await client.query(
      `insert into ledger_accounts (kind, asset, offer_id, no_overdraft) select 'offer_escrow', 'CREDIT', id, true from unnest($1::int[]) id`,
      [offers.map((o) => o.id)],
    );
    await client.query(
      `insert into notifications (user_id, kind, title, offer_id, created_at)
       select to_user_id, 'offer_received', 'New offer', id, created_at from offers where id = any($1::int[])`,
      [offers.map((o) => o.id)],
    );
    await client.query('commit');
    await client.query('analyze');
    return { people, offers: offers.length };
  } finally {
    await client.end();
  }
}
