import type { Business } from '@contract/businesses';
import { phoneText } from '@/lib/phone-text';
import { CalendarCheck, MapPin, Phone, Store, Users, UtensilsCrossed } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { RatingSummary } from '@/features/reviews';
import { NextFreeChips } from './next-free-chips';

/** "< 0.1 km", "0.4 km", "12.3 km", "120 km": how far, from a list asked `near` a point. */
export const formatDistance = (km: number) => (km < 0.05 ? '< 0.1 km' : `${km < 100 ? km.toFixed(1) : Math.round(km)} km`);

/**
 * One directory entry: its verified-review rating ("New" without reviews), how far it is when the list
 * is sorted near a point, and its next free times that book in one tap.
 */
export function BusinessCard({ business }: { business: Business }) {
  const isRestaurant = business.businessType === 'restaurant';
  const Icon = isRestaurant ? UtensilsCrossed : Store;
  return (
    <Card className="flex h-full flex-col transition-shadow hover:shadow-md" data-testid="business-card">
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start gap-3">
          <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${isRestaurant ? 'bg-orange-50 text-orange-600' : 'bg-brand-50 text-brand-600'}`}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-semibold leading-snug break-words">{business.businessName}</h2>
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              <RatingSummary average={business.ratingAverage} count={business.ratingCount} className="mr-1" />
              {business.distanceKm !== undefined && (
                <span className="mr-1 inline-flex items-center gap-1 text-sm font-medium text-slate-700" data-testid="distance">
                  <MapPin className="size-3.5 text-slate-400" aria-hidden="true" />
                  {formatDistance(business.distanceKm)}
                  <span className="sr-only"> away</span>
                </span>
              )}
              <Badge variant="secondary">{business.category}</Badge>
              {business.openToday && <Badge variant="success">Open today</Badge>}
            </div>
          </div>
        </div>
        {business.description && <p className="line-clamp-3 text-sm text-slate-600">{business.description}</p>}
        {isRestaurant && (
          <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Restaurant details">
            {business.cuisineType && <li className="rounded-full bg-orange-50 px-2.5 py-1 font-medium text-orange-800">{business.cuisineType}</li>}
            {business.priceRange && <li className="rounded-full bg-emerald-50 px-2.5 py-1 font-medium text-emerald-800">{business.priceRange}</li>}
            {business.maxPartySize && (
              <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">
                <Users className="size-3.5" aria-hidden="true" /> up to {business.maxPartySize} guests
              </li>
            )}
          </ul>
        )}
        <div className="mt-auto space-y-1.5 text-sm text-slate-600">
          {business.address && (
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="sr-only">Address: </span>
              {business.address}
            </p>
          )}
          {business.phone && (
            <p className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="sr-only">Phone: </span>
              <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`} className="hover:text-brand-700 hover:underline">
                {phoneText(business.phone)}
              </a>
            </p>
          )}
        </div>
      </div>
      {business.nextFreeTimes && (
        <div className="px-5 pb-4">
          <NextFreeChips business={business} />
        </div>
      )}
      <div className="border-t border-slate-100 p-4">
        <Button asChild className="w-full">
          {isRestaurant ? (
            <Link to={`/restaurant/${business.id}`}>
              <UtensilsCrossed aria-hidden="true" /> Make Reservation<span className="sr-only"> at {business.businessName}</span>
            </Link>
          ) : (
            <Link to={`/book/${business.id}`}>
              <CalendarCheck aria-hidden="true" /> Book Appointment<span className="sr-only"> at {business.businessName}</span>
            </Link>
          )}
        </Button>
      </div>
    </Card>
  );
}
