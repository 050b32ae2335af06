// Every number that is a rule of the marketplace, defined once (DESIGN section 2). The server writes
// this object into the database's app_rules row at start-up, where the SQL functions read it
// (que_rule); the web app states the same numbers from here. Changing a fee is one line here.
// Limits an operator configures (the restaurant horizon) are in config.ts and reach SQL as arguments.

export const RULES = {
  /** Business fee on every accepted offer, in cents (DESIGN section 5). */
  businessFeeCents: 500,
  /** Platform fee: percent of the offer (of the counter once countered), rounded half up. */
  platformFeePercent: 5,
  /** Que Credit a booking earns, in cents: pending when booked, spendable once completed. */
  bookingCreditCents: 100,
  /** How many days ahead (after today) a service business takes bookings. */
  serviceBookingWindowDays: 30,
  /** How many days ahead a restaurant takes reservations unless RESTAURANT_BOOKING_HORIZON_DAYS says otherwise. */
  restaurantHorizonDays: 365,
  /** An authorized card payment no offer claims is released (cancelled) after this many minutes (DESIGN section 4). */
  unclaimedCardHoldMinutes: 15,
  /** A followed change-log row is kept this many days, then purged (decision 0029): followers read a change within seconds; the ledger and the rows are the record. */
  changeLogRetentionDays: 7,
  /**
   * A handled Stripe webhook event is kept this many days, then purged (payments' hourly job): its id is
   * what makes a redelivery do nothing, and Stripe redelivers an event for up to three days and keeps
   * events itself for thirty, so a purged id is never sent again.
   */
  stripeEventRetentionDays: 30,
  /** Smallest queue-jump offer, in cents. */
  queueJumpMinCents: 500,
  /** Smallest Move Back offer, in cents. */
  moveBackMinCents: 100,
  /** Smallest counter offer, in cents. */
  counterMinCents: 100,
  /** Largest offer or counter, in cents. */
  offerMaxCents: 20_000,
  /** An offer lives at most this many hours, and never past the start of the earlier appointment. */
  offerLifetimeHours: 24,
  /** The owner may mark a confirmed appointment completed from this many minutes before its start. */
  completeFromMinutesBeforeStart: 60,
  /** The owner may mark a confirmed appointment a no-show from this many minutes after its start (DESIGN section 11). */
  noShowFromMinutesAfterStart: 15,
  /** Calling a waiting customer more than this many minutes before their booked start asks the owner to confirm first. */
  earlyCallConfirmMinutes: 15,
  /** Live (pending or negotiating) offers one appointment may receive. */
  maxLiveOffersPerTarget: 5,
  /** Live offers one sender may have on one target appointment. */
  maxLiveOffersPerSenderPerTarget: 1,
  /** Booking policy defaults (DESIGN section 9): minutes' notice a booking needs. */
  defaultMinNoticeMinutes: 0,
  /** No swap offer is made or accepted closer than this many minutes to the earlier start. */
  defaultSwapCutoffMinutes: 15,
  /** Verified reviews (DESIGN section 10): a completed visit may be reviewed for this many days after completion. */
  reviewWindowDays: 30,
  /** The owner's reply to a review may be edited for this many hours after it was first posted. */
  reviewReplyEditHours: 24,
  /** Longest review text, reply text and report reason, in characters (the reviews tables' checks say the same). */
  reviewTextMax: 2000,
  reviewReplyMax: 2000,
  reviewReportReasonMax: 1000,
  /** Discovery (DESIGN section 10): `near` reaches this many km unless `radiusKm` says otherwise… */
  nearRadiusDefaultKm: 25,
  /** …and never further than this. */
  nearRadiusMaxKm: 500,
  /** Largest party a search may ask to seat (a restaurant's max party size is at most 20). */
  searchPartySizeMax: 20,
  /** Next free times a directory card shows. */
  nextFreeTimesPerBusiness: 3,
  /** Availability search (GET /api/earliest-appointments): free starts each item carries (`times`), the nearest at or after the time asked. */
  availabilitySearchTimes: 5,
  /** …and the most listed services one page of a date, time or party-size search looks at: a page of a search few match ends early, with a Link to go on. */
  availabilitySearchScanPerPage: 400,
  /** Reminders (DESIGN section 11): a business's rules until its owner sets them: e-mails 24 h and 2 h before the start. */
  defaultReminders: [
    { offsetMinutes: 1440, channel: 'email', active: true },
    { offsetMinutes: 120, channel: 'email', active: true },
  ],
  /** A reminder already due when an appointment is booked (or moved) is sent at once only if the start is at least this many minutes away; else skipped. */
  reminderDueAtBookingMinMinutes: 30,
  /** Most reminder rules a business keeps, and the furthest ahead one may be (30 days). */
  remindersMax: 5,
  reminderOffsetMaxMinutes: 43_200,
  /** Waitlist (DESIGN section 11): a freed slot is held for the oldest waiting customer this many minutes… */
  waitlistHoldMinutes: 10,
  /** …or this many when its start is less than waitlistNearStartHours away. */
  waitlistHoldNearMinutes: 5,
  waitlistNearStartHours: 2,
} as const;

export type Rules = typeof RULES;
