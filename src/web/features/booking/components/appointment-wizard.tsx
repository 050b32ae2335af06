import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Appointment } from '@contract/appointments';
import type { Business } from '@contract/businesses';
import { ErrorCode } from '@contract/errors';
import type { Service } from '@contract/services';
import { Button } from '@/components/ui/button';
import { todayIso } from '@/components/ui/calendar';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/features/auth';
import { useCreateAppointment } from '@/features/appointments';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useFocusStepHeading } from '@/lib/step-focus';
import { useFirstFreeDate } from '../hooks/use-first-free-date';
import { useServiceStaff } from '@/features/staff';
import { useSignInGate } from '../hooks/use-sign-in-gate';
import { clearBookingDraft, loadBookingDraft, saveBookingDraft } from '../lib/booking-draft';
import { profileContact, readablePhone } from '../lib/contact-defaults';
import { useVisitorPhoneRegion } from '@/lib/phone-region';
import { type BookingPrefill, type BookingStart, bookingStart } from '../lib/prefill';
import { BookingConfirmation } from './booking-confirmation';
import { effectivePolicies } from '@contract/policies';
import { DateTimeStep } from './date-time-step';
import { type ContactInput, type ContactValues, DetailsStep } from './details-step';
import { ServiceStep } from './service-step';
import { StepIndicator } from './step-indicator';
import { BookingPayment, useBookingCard } from '@/features/payments';
import { paymentPolicyOf } from '@contract/payment-policy-text';

const STEPS = ['Service', 'Date & time', 'Your details', 'Confirmation'] as const;
type Step = 1 | 2 | 3 | 4;

interface State extends Omit<BookingStart, 'step'> {
  step: Step;
  /** The member asked for; null: anyone free then. */
  staffId: number | null;
  booked: Appointment | null;
}

/** The four-step appointment flow for one service business. */
export function AppointmentWizard({ business, services, prefill }: { business: Business; services: Service[]; prefill: BookingPrefill }) {
  // What a signed-out visitor typed before logging in comes back (with their choice, if the link lost it).
  const [saved] = useState(() => loadBookingDraft<ContactInput>(business.id));
  const [state, setState] = useState<State>(() => {
    const choice = prefill.serviceId === null && saved ? { serviceId: saved.serviceId ?? null, date: saved.date ?? null, time: saved.time ?? null, staffId: saved.staffId ?? null } : prefill;
    return { ...bookingStart(services, choice, todayIso(business.timeZone)), staffId: choice.staffId ?? null, booked: null };
  });
  const { data: user } = useUser();
  // "Who" is asked only where two or more members give the service; a member who does not give it counts as anyone.
  const staff = useServiceStaff(business.id, state.service?.id);
  const member = staff.choosing ? (staff.members.find((m) => m.id === state.staffId) ?? null) : null;
  // Without a day asked for, the date step opens on the chosen service's first day with free times.
  const firstFreeDate = useFirstFreeDate(business.id, state.service?.id);
  useEffect(() => {
    if (firstFreeDate) setState((s) => (s.step === 2 && s.date === null ? { ...s, date: firstFreeDate } : s));
  }, [firstFreeDate, state.step, state.date]);
  const [draft, setDraft] = useState<ContactInput | null>(saved?.details ?? null);
  const createAppointment = useCreateAppointment();
  // A deposit or card-on-file service takes the card before booking (DESIGN section 11).
  const bookingCard = useBookingCard();
  const [cardNumber, setCardNumber] = useState('');
  const requireSignIn = useSignInGate();
  const location = useLocation();
  const navigate = useNavigate();
  const update = (patch: Partial<State>) => setState((s) => ({ ...s, ...patch }));
  const stepRef = useRef<HTMLDivElement>(null);
  useFocusStepHeading(stepRef, state.step);
  useDocumentTitle([state.service ? `Book ${state.service.name}` : 'Book an appointment', business.businessName]);

  // What was typed before (a draft) wins over the profile's saved name and phone.
  const phoneRegion = useVisitorPhoneRegion();
  const contactDefaults: ContactInput = draft ? readablePhone(draft, phoneRegion) : { ...profileContact(user, phoneRegion), notes: '', blockOffers: false };

  // After logging in the visitor comes back to this same choice of service, day and time.
  const returnPath = () => {
    const params = new URLSearchParams(location.search);
    params.set('businessId', String(business.id));
    if (state.service) params.set('serviceId', String(state.service.id));
    if (state.date) params.set('date', state.date);
    if (state.time) params.set('time', state.time);
    if (member) params.set('staffId', String(member.id));
    else params.delete('staffId');
    return `/book-appointment?${params}`;
  };

  const book = async (values: ContactValues) => {
    const { service, date, time } = state;
    if (!service || !date || !time) return;
    setDraft(values);
    if (!user) saveBookingDraft(business.id, { details: values, serviceId: service.id, date, time, staffId: member?.id ?? null });
    if (!requireSignIn(returnPath()) || !user) return;
    const policy = paymentPolicyOf(service.policies);
    const card = policy === 'none' ? {}
      : await bookingCard.take({ kind: policy, amountCents: service.policies.depositCents ?? 0, userId: user.id, cardNumber });
    if (card === null) return;
    createAppointment.mutate(
      // staffId only when the customer chose someone: without it the server picks whoever is free.
      { businessId: business.id, serviceId: service.id, date, time, ...(member ? { staffId: member.id } : {}), ...values, ...card },
      {
        onSuccess: (appointment) => {
          bookingCard.spent();
          clearBookingDraft(business.id);
          const served = staff.choosing && appointment.staffName ? ` with ${appointment.staffName}` : '';
          toast({ title: 'Appointment Booked!', description: `${appointment.serviceName}${served} at ${business.businessName} is confirmed.` });
          update({ step: 4, booked: appointment });
        },
        onError: (error) => {
          toast({ title: 'Booking Failed', description: errorMessage(error, 'Failed to book appointment'), variant: 'destructive' });
          // Someone else took the slot (or the member asked for: the message names them), or the
          // customer is booked elsewhere then (the message names where): back to the (refreshed) list
          // of free times, the same member's if one was chosen, where another time will do.
          if (error instanceof ApiError && (error.code === ErrorCode.SLOT_TAKEN || error.code === ErrorCode.OVERLAPS_YOUR_BOOKING)) update({ step: 2, time: null });
        },
      },
    );
  };

  const startOver = () => {
    clearBookingDraft(business.id);
    setDraft(null);
    setState({ step: 1, service: null, date: null, time: null, staffId: null, booked: null });
    if (location.search) void navigate(`/book/${business.id}`, { replace: true });
  };

  return (
    <div ref={stepRef}>
      <StepIndicator steps={STEPS} current={state.step} />
      {state.step === 1 && <ServiceStep services={services} selectedId={state.service?.id ?? null} onSelect={(service) => update({ step: 2, service, time: service.id === state.service?.id ? state.time : null })} />}
      {state.step === 2 && state.service && (
        <DateTimeStep
          businessId={business.id}
          businessName={business.businessName}
          timeZone={business.timeZone}
          policies={effectivePolicies('service', business.policies, state.service.policies)}
          service={state.service}
          date={state.date}
          time={state.time}
          who={staff.choosing ? { members: staff.members, staffId: member?.id ?? null, onChange: (staffId) => update({ staffId }) } : undefined}
          onDateChange={(date) => update({ date, time: null })}
          onTimeChange={(time) => update({ time })}
          onChangeService={() => update({ step: 1 })}
          onContinue={() => update({ step: 3 })}
        />
      )}
      {state.step === 3 && state.service && state.date && state.time && (
        <DetailsStep
          // Remount once the user is known so the name and e-mail can be prefilled.
          key={user?.id ?? 'signed-out'}
          service={state.service}
          policies={effectivePolicies('service', business.policies, state.service.policies)}
          date={state.date}
          time={state.time}
          timeZone={business.timeZone}
          who={staff.choosing ? (member?.name ?? null) : undefined}
          defaultValues={contactDefaults}
          user={user ?? null}
          busy={createAppointment.isPending || bookingCard.busy}
          payment={
            <BookingPayment
              terms={state.service.policies}
              cancelCutoffMinutes={effectivePolicies('service', business.policies, state.service.policies).cancelCutoffMinutes}
              cardNumber={cardNumber}
              onCardNumberChange={setCardNumber}
              declined={bookingCard.declined}
              stripeCard={bookingCard.stripeCard}
            />
          }
          onBack={(values) => {
            setDraft(values);
            update({ step: 2 });
          }}
          onSubmit={(values) => void book(values)}
        />
      )}
      {state.step === 4 && state.booked && (
        <BookingConfirmation title="Appointment Booked!" appointment={state.booked} staffName={staff.choosing ? state.booked.staffName : null}>
          <Button variant="outline" asChild>
            <Link to="/businesses">Browse More Businesses</Link>
          </Button>
          <Button onClick={startOver}>Book Another Appointment</Button>
        </BookingConfirmation>
      )}
    </div>
  );
}
