/**
 * What a signed-out visitor typed before booking sent them to log in: kept in this tab's
 * sessionStorage under the business's id, brought back when they return, removed once booked.
 * Older than an hour it is stale and ignored.
 */
const MAX_AGE_MS = 60 * 60 * 1000;
const key = (businessId: number) => `que:booking-draft:${businessId}`;

export interface BookingDraft<Details> {
  details: Details;
  serviceId?: number | null;
  date?: string | null;
  time?: string | null;
  staffId?: number | null;
  partySize?: number;
}

export function saveBookingDraft<D>(businessId: number, draft: BookingDraft<D>, storage: Storage | undefined = globalThis.sessionStorage) {
  try {
    storage?.setItem(key(businessId), JSON.stringify({ savedAt: Date.now(), draft }));
  } catch {
    // Storage full or blocked (private mode): the visitor retypes, nothing worse.
  }
}

export function loadBookingDraft<D>(businessId: number, storage: Storage | undefined = globalThis.sessionStorage, now = Date.now()): BookingDraft<D> | null {
  try {
    const raw = storage?.getItem(key(businessId));
    if (!raw) return null;
    const { savedAt, draft } = JSON.parse(raw) as { savedAt: number; draft: BookingDraft<D> };
    if (typeof savedAt !== 'number' || now - savedAt > MAX_AGE_MS || typeof draft?.details !== 'object' || draft.details === null) return null;
    return draft;
  } catch {
    return null;
  }
}

export function clearBookingDraft(businessId: number, storage: Storage | undefined = globalThis.sessionStorage) {
  try {
    storage?.removeItem(key(businessId));
  } catch {
    // see saveBookingDraft
  }
}
