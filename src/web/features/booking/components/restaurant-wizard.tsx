import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Appointment } from '@contract/appointments';
import type { Business } from '@contract/businesses';
import { ErrorCode } from '@contract/errors';
import { Button } from '@/components/ui/button';
import { todayIso } from '@/components/ui/calendar';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/features/auth';
import { useCreateAppointment } from '@/features/appointments';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useFocusStepHeading } from '@/lib/step-focus';
import { useFirstFreeDate } from '../hooks/use-first-free-date';
import { useSignInGate } from '../hooks/use-sign-in-gate';
import { clearBookingDraft, loadBookingDraft, saveBookingDraft } from '../lib/booking-draft';
import { profileContact, readablePhone } from '../lib/contact-defaults';
import { useVisitorPhoneRegion } from '@/lib/phone-region';
import { reservationStart } from '../lib/prefill';
import { BookingConfirmation } from './booking-confirmation';
import { RestaurantDateStep } from './restaurant-date-step';
import { BookingPayment, useBookingCard } from '@/features/payments';
import { paymentPolicyOf, type PaymentTerms } from '@contract/payment-policy-text';
import { type ReservationInput, type ReservationValues, RestaurantDetailsStep } from './restaurant-details-step';
import { reservationRows } from './reservation-summary';
import { StepIndicator } from './step-indicator';

const STEPS = ['Date & time', 'Details', 'Confirmation'] as const;

interface State {
  step: 1 | 2 | 3;
  date: string | null;
  time: string | null;
  partySize: number;
  booked: Appointment | null;
}

function initialState(restaurant: Business, prefill: { date: string | null; time: string | null }): State {
  return { ...reservationStart(prefill, todayIso(restaurant.timeZone)), partySize: Math.min(2, restaurant.maxPartySize ?? 8), booked: null };
}

/** The three-step table reservation flow. The guest is the signed-in user, never a placeholder. */
export function RestaurantWizard({ restaurant, serviceId, terms = {}, prefill }: {
  restaurant: Business;
  serviceId: number | undefined;
  /** The table service's payment policy (DESIGN section 11): a deposit or a card on file. */
  terms?: PaymentTerms;
  prefill: { date: string | null; time: string | null };
}) {
  // What a signed-out guest typed before logging in comes back (with their date and time, if the link lost them).
  const [saved] = useState(() => loadBookingDraft<ReservationInput>(restaurant.id));
  const [state, setState] = useState<State>(() => {
    const start = initialState(restaurant, prefill.date === null && saved ? { date: saved.date ?? null, time: saved.time ?? null } : prefill);
    const party = Number(saved?.details.partySize);
    return Number.isInteger(party) && party >= 1 ? { ...start, partySize: party } : start;
  });
  const [draft, setDraft] = useState<ReservationInput | null>(saved?.details ?? null);
  const { data: user } = useUser();
  const createAppointment = useCreateAppointment();
  const requireSignIn = useSignInGate();
  const location = useLocation();
  const navigate = useNavigate();
  // The server's refusal of a second table that day: it stays on the details step until the step changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = (patch: Partial<State>) => {
    setRefusal(null);
    setState((s) => ({ ...s, ...patch }));
  };
  const stepRef = useRef<HTMLDivElement>(null);
  useFocusStepHeading(stepRef, state.step);
  useDocumentTitle(['Reserve a table', restaurant.businessName]);
  // With no date asked for, open on the first day with free tables rather than an empty calendar.
  const firstFreeDate = useFirstFreeDate(restaurant.id, serviceId);
  useEffect(() => {
    if (firstFreeDate) setState((s) => (s.step === 1 && s.date === null ? { ...s, date: firstFreeDate } : s));
  }, [firstFreeDate, state.date]);

  // What was typed before (a draft) wins over the profile's saved name and phone.
  const phoneRegion = useVisitorPhoneRegion();
  const defaults: ReservationInput = {
    ...profileContact(user, phoneRegion),
    notes: '', blockOffers: false, seatingPreference: '', occasionType: '', dietaryRestrictions: '',
    ...(draft && readablePhone(draft, phoneRegion)),
    partySize: draft?.partySize ?? state.partySize,
  };

  const bookingCard = useBookingCard();
  const [cardNumber, setCardNumber] = useState('');

  const reserve = async (values: ReservationValues) => {
    const { date, time } = state;
    if (!date || !time) return;
    setDraft(values);
    if (!user) saveBookingDraft(restaurant.id, { details: values, date, time });
    const params = new URLSearchParams({ date, time });
    if (!requireSignIn(`${location.pathname}?${params}`) || !user) return;
    const policy = paymentPolicyOf(terms);
    const card = policy === 'none' ? {} : await bookingCard.take({ kind: policy, amountCents: terms.depositCents ?? 0, userId: user.id, cardNumber });
    if (card === null) return;
    createAppointment.mutate(
      { businessId: restaurant.id, serviceId, date, time, ...values, ...card },
      {
        onSuccess: (appointment) => {
          bookingCard.spent();
          clearBookingDraft(restaurant.id);
          toast({ title: 'Reservation Confirmed!', description: `Your table at ${restaurant.businessName} is booked.` });
          update({ step: 3, booked: appointment, partySize: appointment.partySize });
        },
        onError: (error) => {
          // One table per guest, restaurant and day: another time will not help, so the message stays in view.
          if (error instanceof ApiError && error.code === ErrorCode.ONE_RESERVATION_PER_DAY) {
            setRefusal(errorMessage(error, 'You already have a table here that day.'));
            return;
          }
          toast({ title: 'Booking Failed', description: errorMessage(error, 'Failed to book reservation. Please try again.'), variant: 'destructive' });
          if (error instanceof ApiError && (error.code === ErrorCode.SLOT_TAKEN || error.code === ErrorCode.OVERLAPS_YOUR_BOOKING)) {
            update({ step: 1, time: null, partySize: Number(values.partySize ?? state.partySize) });
          }
        },
      },
    );
  };

  const startOver = () => {
    clearBookingDraft(restaurant.id);
    setDraft(null);
    setState({ ...initialState(restaurant, { date: null, time: null }) });
    if (location.search) void navigate(location.pathname, { replace: true });
  };

  return (
    <div ref={stepRef}>
      <StepIndicator steps={STEPS} current={state.step} />
      {state.step === 1 && (
        <RestaurantDateStep
          restaurant={restaurant}
          serviceId={serviceId}
          date={state.date}
          time={state.time}
          partySize={state.partySize}
          onChange={(patch) => {
            update(patch);
            if (patch.partySize !== undefined) setDraft((d) => (d ? { ...d, partySize: patch.partySize } : d));
          }}
          onContinue={() => update({ step: 2 })}
        />
      )}
      {state.step === 2 && refusal && (
        <div className="mb-4">
          <ErrorState title="You already have a table that day" message={refusal}>
            <Button asChild variant="outline">
              <Link to="/appointments">See my reservations</Link>
            </Button>
          </ErrorState>
        </div>
      )}
      {state.step === 2 && state.date && state.time && (
        <RestaurantDetailsStep
          key={user?.id ?? 'signed-out'}
          restaurant={restaurant}
          date={state.date}
          time={state.time}
          defaultValues={defaults}
          user={user ?? null}
          busy={createAppointment.isPending || bookingCard.busy}
          payment={
            <BookingPayment terms={terms} cancelCutoffMinutes={restaurant.policies.cancelCutoffMinutes} cardNumber={cardNumber} onCardNumberChange={setCardNumber}
              declined={bookingCard.declined} stripeCard={bookingCard.stripeCard} />
          }
          onBack={(values) => {
            setDraft(values);
            update({ step: 1, partySize: Number(values.partySize) || state.partySize });
          }}
          onSubmit={(values) => void reserve(values)}
        />
      )}
      {state.step === 3 && state.booked && (
        <BookingConfirmation
          title="Reservation Confirmed!"
          appointment={state.booked}
          rows={reservationRows(restaurant.businessName, state.booked)}
        >
          <Button onClick={startOver}>Make Another Reservation</Button>
        </BookingConfirmation>
      )}
    </div>
  );
}
