import { CalendarPlus } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { BusinessAccountNote, MyAppointments, SignedOutView } from '@/features/appointments';
import { useUser } from '@/features/auth';
import { CreditBalanceCard } from '@/features/credits';
import { CancelAppointmentDialog, OffersSection } from '@/features/offers';
import { PayoutAccountsCard } from '@/features/payments';
import { MyWaitlist } from '@/features/waitlist';
import { WalletCard } from '@/features/wallet';
import { useDocumentTitle } from '@/lib/document-title';

// The offers feature's dialog, opened from an appointment's card: composed here, so that appointments
// and offers do not depend on each other (decision 0017); fetched when first opened.
const MoveBackDialog = lazy(() => import('@/features/offers').then((m) => ({ default: m.MoveBackDialog })));

export default function AppointmentsRoute() {
  useDocumentTitle(['My Appointments']);
  const { data: user, isLoading } = useUser();
  if (isLoading) {
    return (
      <div className="mx-auto max-w-5xl space-y-4 px-4 py-10" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (!user) return <SignedOutView />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">My Appointments</h1>
          <p className="mt-1 text-slate-600">Your bookings and reservations, your offers, Que Credit and wallet.</p>
        </div>
        <Button asChild>
          <Link to="/businesses">
            <CalendarPlus aria-hidden="true" />
            Book New Appointment
          </Link>
        </Button>
      </header>
      <BusinessAccountNote user={user} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-8">
          {/* Times held for the customer from their waitlist come first: they end in minutes. */}
          <MyWaitlist emptyHidden />
          <MyAppointments MoveBackDialog={MoveBackDialog} CancelDialog={CancelAppointmentDialog} />
          <OffersSection userId={user.id} />
        </div>
        {/* After the appointments on a phone (they are what people come for), beside them on a wide screen. */}
        <aside className="min-w-0 space-y-6">
          <CreditBalanceCard userId={user.id} />
          <WalletCard />
          {/* With Stripe: where swap earnings go, and "Set up payouts" until they can. */}
          <PayoutAccountsCard scope="user" />
        </aside>
      </div>
    </div>
  );
}
