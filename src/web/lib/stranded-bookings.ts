import { useCallback, useState } from 'react';
import type { StrandedBooking } from '@contract/stranded-bookings';
import { ApiError } from './api-client';

// Owner changes under existing bookings (DESIGN section 4): the server refuses a change that would
// strand upcoming bookings with 409 STRANDS_BOOKINGS listing them; the screen shows them and sends
// the change again with the owner's decision, or backs out (nothing was changed).

/** What the owner decided for the stranded bookings. */
export type StrandDecision = { kind: 'reassign'; toStaffId?: number } | { kind: 'cancel' } | { kind: 'keep' };

/** The query string a decision adds to the change's request ('' for none). */
export function strandQuery(decision?: StrandDecision): string {
  if (!decision) return '';
  if (decision.kind === 'cancel') return '?cancelBookings=true';
  if (decision.kind === 'keep') return '?keepBookings=true';
  return `?reassign=true${decision.toStaffId !== undefined ? `&toStaffId=${decision.toStaffId}` : ''}`;
}

/** The bookings a STRANDS_BOOKINGS refusal names, or null for any other error. */
export function strandedBookingsOf(error: unknown): StrandedBooking[] | null {
  if (!(error instanceof ApiError) || error.code !== 'STRANDS_BOOKINGS') return null;
  try {
    const body = JSON.parse(error.body) as { bookings?: StrandedBooking[] };
    return Array.isArray(body.bookings) ? body.bookings : [];
  } catch {
    return [];
  }
}

interface Handlers<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}
interface Mutation<V, R> {
  mutate: (vars: V, options: { onSuccess: (result: R) => void; onError: (error: unknown) => void }) => void;
}

export interface StrandGuard {
  /** The bookings the pending change would strand, while the owner decides; null otherwise. */
  bookings: StrandedBooking[] | null;
  /** The refusal's own words. */
  message: string;
  decide: (decision: StrandDecision) => void;
  backOut: () => void;
}

/**
 * Runs a change through its mutation; when the server answers STRANDS_BOOKINGS the change waits
 * (`guard.bookings` set) for the owner's decision, then is sent again with it. Backing out changes
 * nothing and calls neither handler.
 */
export function useStrandGuard(): { guard: StrandGuard; run: <V extends object, R>(mutation: Mutation<V & { decision?: StrandDecision }, R>, vars: V, handlers: Handlers<R>) => void } {
  const [pending, setPending] = useState<{ bookings: StrandedBooking[]; message: string; apply: (d: StrandDecision) => void } | null>(null);
  const run = useCallback(<V extends object, R>(mutation: Mutation<V & { decision?: StrandDecision }, R>, vars: V, handlers: Handlers<R>) => {
    mutation.mutate(vars, {
      onSuccess: (r) => handlers.onSuccess?.(r),
      onError: (error) => {
        const bookings = strandedBookingsOf(error);
        if (!bookings) return handlers.onError?.(error);
        setPending({
          bookings,
          message: error instanceof ApiError ? error.serverMessage ?? '' : '',
          apply: (decision) =>
            mutation.mutate({ ...vars, decision }, {
              onSuccess: (r) => { setPending(null); handlers.onSuccess?.(r); },
              onError: (e) => { setPending(null); handlers.onError?.(e); },
            }),
        });
      },
    });
  }, []);
  const guard: StrandGuard = {
    bookings: pending?.bookings ?? null,
    message: pending?.message ?? '',
    decide: (d) => pending?.apply(d),
    backOut: () => setPending(null),
  };
  return { guard, run };
}
