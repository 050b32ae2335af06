import type { Business } from '@contract/businesses';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The business profile as registered; read-only (SPEC section 6). */
export function SettingsTab({ business }: { business: Business }) {
  const restaurant = business.businessType === 'restaurant';
  const rows: [string, string | number | null][] = [
    ['Name', business.businessName],
    ['Type', restaurant ? 'Restaurant' : 'Service business'],
    ['Category', business.category],
    ...(restaurant
      ? ([
          ['Cuisine', business.cuisineType],
          ['Price range', business.priceRange],
          ['Max party size', business.maxPartySize],
          ['Reservation duration', business.reservationDuration ? `${business.reservationDuration} minutes` : null],
          ['Seating capacity', business.seatingCapacity],
        ] as [string, string | number | null][])
      : []),
    ['Description', business.description],
    ['Address', business.address],
    ['Phone', business.phone],
    ['Email', business.email],
    ['Website', business.website],
    ['Operating hours', business.operatingHours],
    ['Time zone', business.timeZone],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Business information</CardTitle>
        <CardDescription>How customers see your business. These details are read-only here.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr]">
              <dt className="text-sm font-medium text-slate-500">{label}</dt>
              <dd className="whitespace-pre-line break-words text-sm text-slate-900">{value === null || value === '' ? <span className="text-slate-500">Not set</span> : value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
