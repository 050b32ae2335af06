import { Globe, Mail, MapPin, Phone, Users, UtensilsCrossed } from 'lucide-react';
import type { Business } from '@contract/businesses';
import { priceRanges } from '@contract/businesses';
import { Badge } from '@/components/ui/card';
import { RatingSummary } from '@/features/reviews';

export function RestaurantHeader({ restaurant }: { restaurant: Business }) {
  const price = priceRanges.find((p) => p.value === restaurant.priceRange);
  const contact = [
    { icon: MapPin, text: restaurant.address },
    { icon: Phone, text: restaurant.phone },
    { icon: Mail, text: restaurant.email },
    { icon: Globe, text: restaurant.website },
  ].filter((c) => c.text);
  return (
    // Compact on a phone: the date and tables, not the restaurant's details, should fill the first screen.
    <header className="mb-4 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:mb-6">
      <div className="bg-gradient-to-r from-brand-600 to-brand-500 px-4 py-4 text-white sm:px-5 sm:py-6">
        <h1 className="text-xl font-bold sm:text-2xl">{restaurant.businessName}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          {restaurant.cuisineType && (
            <Badge className="bg-white/20 text-white">
              <UtensilsCrossed className="mr-1 size-3.5" aria-hidden="true" />
              {restaurant.cuisineType}
            </Badge>
          )}
          {restaurant.priceRange && (
            <Badge className="bg-white/20 text-white">
              {restaurant.priceRange}
              {price ? ` · ${price.label}` : ''}
            </Badge>
          )}
          <Badge className="bg-white/20 text-white">
            <Users className="mr-1 size-3.5" aria-hidden="true" />
            Up to {restaurant.maxPartySize ?? 8} guests
          </Badge>
          <a href="#reviews-heading" className="rounded-full bg-white px-1.5 hover:underline">
            <RatingSummary average={restaurant.ratingAverage} count={restaurant.ratingCount} className="text-xs text-slate-900" />
          </a>
        </div>
      </div>
      {(restaurant.description || contact.length > 0) && (
        <div className="space-y-2 p-4 sm:space-y-3 sm:p-5">
          {restaurant.description && <p className="line-clamp-2 text-sm text-slate-600 sm:line-clamp-none sm:text-base">{restaurant.description}</p>}
          {contact.length > 0 && (
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 sm:gap-x-5">
              {contact.map(({ icon: Icon, text }) => (
                <li key={text} className="flex min-w-0 items-center gap-1.5 break-all">
                  <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </header>
  );
}
