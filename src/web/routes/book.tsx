import { useParams, useSearchParams } from 'react-router';
import { AppointmentBooking } from '@/features/booking';

const positiveInt = (value: string | null | undefined) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/** /book/:businessId and /book-appointment?businessId=&serviceId=&date=&time=[&staffId=] */
export default function BookRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const businessId = positiveInt(params.businessId ?? search.get('businessId'));
  const prefill = { serviceId: positiveInt(search.get('serviceId')), date: search.get('date'), time: search.get('time'), staffId: positiveInt(search.get('staffId')) };
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <AppointmentBooking key={businessId ?? 'none'} businessId={businessId} prefill={prefill} />
    </div>
  );
}
