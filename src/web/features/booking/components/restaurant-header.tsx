import { Globe, Mail, MapPin, Phone, Users, UtensilsCrossed } from 'lucide-react';
import type { Business } from '@contract/businesses';
import { priceRanges } from '@contract/businesses';
import { Badge } from '@/components/ui/card';

export function RestaurantHeader({ restaurant }: { restaurant: Business }) {
  const price = priceRanges.find((p) => p.value === restaurant.priceRange);
  const contact = [
    { icon: MapPin, text: restaurant.address },
    { icon: Phone, text: restaurant.phone },
    { icon: Mail, text: restaurant.email },
    { icon: Globe, text: restaurant.website },
  ].filter((c) => c.text);
  return (
    <header className="mb-6 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="bg-gradient-to-r from-brand-600 to-brand-500 px-5 py-6 text-white">
        <h1 className="text-2xl font-bold">{restaurant.businessName}</h1>
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
        </div>
      </div>
      {(restaurant.description || contact.length > 0) && (
        <div className="space-y-3 p-5">
          {restaurant.description && <p className="text-slate-600">{restaurant.description}</p>}
          {contact.length > 0 && (
            <ul className="flex flex-col gap-1.5 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-5">
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
