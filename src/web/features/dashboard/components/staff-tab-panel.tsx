import { todayIso } from '@/components/ui/calendar';
import { useBusinessHours } from '@/features/availability';
import { useBusinessServices } from '@/features/services';
import { StaffTab } from '@/features/staff';

/** The Staff tab, given what the staff feature does not fetch itself: the business's services, hours and today. */
export function StaffTabPanel({ businessId, timeZone }: { businessId: number; timeZone: string }) {
  const services = useBusinessServices(businessId);
  // A member's own hours start from the business's (then a lunch break is one added range away).
  const hours = useBusinessHours(businessId);
  return <StaffTab businessId={businessId} services={services.data ?? []} businessHours={hours.data?.hours} today={todayIso(timeZone)} timeZone={timeZone} />;
}
