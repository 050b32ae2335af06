import { ExternalLink, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Badge, Skeleton } from '@/components/ui/card';
import { todayIso } from '@/components/ui/calendar';
import { ErrorState } from '@/components/ui/error-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useBusiness } from '@/features/businesses';
import { useBusinessAppointments } from '@/features/appointments';
import { ReminderSettingsCard } from '@/features/reminders';
import { OwnerReviews } from '@/features/reviews';
import { useBusinessServices } from '@/features/services';
import { OwnerWaitlistPanel } from '@/features/waitlist';
import { errorMessage } from '@/lib/api-client';
import { AppointmentsTab } from './appointments-tab';
import { AvailabilityTab } from './availability-tab';
import { EditBusinessDialog } from './edit-business-dialog';
import { RecentAppointments } from './recent-appointments';
import { ServicesTab } from './services-tab';
import { PoliciesCard } from './policies-card';
import { SettingsTab } from './settings-tab';
import { StaffTabPanel } from './staff-tab-panel';
import { TodaysQueueTab } from './todays-queue-tab';
import { StatCards } from './stat-cards';
import { TimeSlotsTab } from './time-slots-tab';

const TABS = ['services', 'staff', 'queue', 'appointments', 'availability', 'time-slots', 'reviews', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** The owner's view of their business: numbers, recent bookings, and a tab per thing to manage. */
export function BusinessDashboard({ businessId }: { businessId: number }) {
  const business = useBusiness(businessId);
  const appointments = useBusinessAppointments(businessId);
  const services = useBusinessServices(businessId);
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState(false);

  if (business.isLoading) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading dashboard">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-28" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (business.error || !business.data) return <ErrorState title="Failed to fetch business" message={errorMessage(business.error, '')} onRetry={() => void business.refetch()} />;

  const b = business.data;
  const restaurant = b.businessType === 'restaurant';
  // Restaurants seat tables by time slot; staff members are a service business's alone.
  const tabs = TABS.filter((t) => (t === 'time-slots' ? restaurant : t === 'staff' ? !restaurant : true));
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'services';
  const list = appointments.data ?? [];

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-600">Business dashboard</p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold sm:text-3xl">
            {b.businessName}
            <Badge variant="secondary">{restaurant ? 'Restaurant' : b.category}</Badge>
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit details
          </Button>
          <Button variant="outline" asChild>
            <Link to={restaurant ? `/restaurant/${b.id}` : `/book/${b.id}`}>
              <ExternalLink aria-hidden="true" />
              View booking page
            </Link>
          </Button>
        </div>
      </header>
      <EditBusinessDialog business={b} open={editing} onOpenChange={setEditing} />
      {!b.listed && (
        <div role="status" data-testid="not-listed-notice" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p>
            <strong>Your business is not listed yet: add a service.</strong> Customers find you in the directory and quick booking once you have something they can book.
          </p>
          <Button size="sm" variant="outline" onClick={() => setSearch({ tab: 'services' }, { replace: true })}>
            Go to Services
          </Button>
        </div>
      )}
      <StatCards timeZone={b.timeZone} appointments={list} services={services.data ?? []} loading={appointments.isLoading || services.isLoading} />
      <RecentAppointments appointments={list} loading={appointments.isLoading} timeZone={b.timeZone} />
      <Tabs value={tab} onValueChange={(value) => setSearch({ tab: value }, { replace: true })}>
        <TabsList aria-label="Manage your business" className="flex-wrap">
          <TabsTrigger value="services">Services</TabsTrigger>
          {!restaurant && <TabsTrigger value="staff">Staff</TabsTrigger>}
          <TabsTrigger value="queue">Today's queue</TabsTrigger>
          <TabsTrigger value="appointments">Appointments</TabsTrigger>
          <TabsTrigger value="availability">Availability</TabsTrigger>
          {restaurant && <TabsTrigger value="time-slots">Time Slots</TabsTrigger>}
          <TabsTrigger value="reviews">Reviews</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="services">
          <ServicesTab businessId={b.id} />
        </TabsContent>
        {!restaurant && (
          <TabsContent value="staff">
            <StaffTabPanel businessId={b.id} timeZone={b.timeZone} />
          </TabsContent>
        )}
        <TabsContent value="queue">
          <div className="space-y-8">
            <TodaysQueueTab businessId={b.id} today={todayIso(b.timeZone)} />
            {/* Who waits for a time that day (DESIGN section 11): beside the day's bookings. */}
            <OwnerWaitlistPanel businessId={b.id} date={todayIso(b.timeZone)} />
          </div>
        </TabsContent>
        <TabsContent value="appointments">
          <AppointmentsTab businessId={b.id} serviceBusiness={!restaurant} timeZone={b.timeZone} appointments={list} loading={appointments.isLoading} error={appointments.error} onRetry={() => void appointments.refetch()} />
        </TabsContent>
        <TabsContent value="availability">
          <AvailabilityTab business={b} />
        </TabsContent>
        {restaurant && (
          <TabsContent value="time-slots">
            <TimeSlotsTab businessId={b.id} />
          </TabsContent>
        )}
        <TabsContent value="reviews">
          <OwnerReviews business={b} />
        </TabsContent>
        <TabsContent value="settings">
          <div className="space-y-6">
            <SettingsTab business={b} />
            {/* Keyed by the saved values: after a save the form shows what the server holds. */}
            <PoliciesCard key={JSON.stringify(b.policies)} business={b} />
            <ReminderSettingsCard businessId={b.id} />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}
