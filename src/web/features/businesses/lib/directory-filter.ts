// Relative imports: the unit tests load this file without the '@' aliases.
import { businessCategories, type BusinessSort, businessSorts, cuisineTypes, priceRanges } from '../../../../contract/business-lists';
import { DIRECTORY_PAGE } from '../../../../contract/first-pages';
import { RULES } from '../../../../contract/rules';
import { isValidDate } from '../../../../contract/time';
import type { BusinessListFilter } from '../../../lib/query-keys';

// The directory's filters live in the address (DESIGN section 10), so a shared link or Back brings
// them back. The address and the API use the same names; a value the directory cannot use is
// dropped, never sent, so a hand-edited link shows the directory rather than a 400.

export { DIRECTORY_PAGE };
export const MAX_PARTY_SIZE = RULES.searchPartySizeMax;
export const radiusChoices = [2, 5, 10, 25, 50] as const;

/** Near me rounds the browser's position to 3 decimals (about 100 m): enough to sort by, and one cache key per street. */
export const nearPoint = (latitude: number, longitude: number) => `${latitude.toFixed(3)},${longitude.toFixed(3)}`;

const NEAR = /^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/;
const validNear = (value: string) => {
  if (!NEAR.test(value)) return false;
  const [lat, lng] = value.split(',').map(Number);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => (value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined);
const wholeIn = (value: string | null, min: number, max: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** The filter an address asks for; `restaurantsOnly` (the /restaurant-booking directory) fixes the type. */
export function filterFromParams(params: URLSearchParams, restaurantsOnly = false): BusinessListFilter {
  const near = params.get('near') ?? '';
  const filter: BusinessListFilter = {
    type: restaurantsOnly ? 'restaurant' : oneOf(['restaurant', 'service'] as const, params.get('type')),
    q: (params.get('q') ?? '').trim().slice(0, 100) || undefined,
    category: oneOf(businessCategories, params.get('category')),
    cuisine: oneOf(cuisineTypes, params.get('cuisine')),
    priceRange: oneOf(priceRanges.map((p) => p.value), params.get('priceRange')),
    partySize: wholeIn(params.get('partySize'), 1, MAX_PARTY_SIZE),
    openNow: params.get('openNow') === 'true' || undefined,
    availableOn: isValidDate(params.get('availableOn') ?? '') ? params.get('availableOn')! : undefined,
    near: validNear(near) ? near : undefined,
    sort: oneOf<BusinessSort>(businessSorts, params.get('sort')),
  };
  filter.radiusKm = wholeIn(params.get('radiusKm'), 1, RULES.nearRadiusMaxKm);
  return coherent(filter);
}

/** Sorting by distance, and a radius, need a point; the best match needs a search. Without them the server's default order stands. */
function coherent(filter: BusinessListFilter): BusinessListFilter {
  const sort = (filter.sort === 'distance' && !filter.near) || (filter.sort === 'relevance' && !filter.q) ? undefined : filter.sort;
  return { ...filter, sort, radiusKm: filter.near ? filter.radiusKm : undefined };
}

/** The filter as query parameters in one fixed order (for the address and the API alike). */
export function filterParams(asked: BusinessListFilter, restaurantsOnly = false): URLSearchParams {
  const filter = coherent(asked);
  const params = new URLSearchParams();
  const put = (name: keyof BusinessListFilter, value: unknown) => {
    if (value !== undefined && value !== '' && value !== false) params.set(name, String(value));
  };
  if (!restaurantsOnly) put('type', filter.type);
  put('q', filter.q);
  put('category', filter.category);
  put('cuisine', filter.cuisine);
  put('priceRange', filter.priceRange);
  put('partySize', filter.partySize);
  put('openNow', filter.openNow);
  put('availableOn', filter.availableOn);
  put('near', filter.near);
  put('radiusKm', filter.radiusKm);
  put('sort', filter.sort);
  return params;
}

/** GET /api/businesses for the filter's first page (the restaurant directory always asks for restaurants). */
export function businessesUrl(filter: BusinessListFilter): string {
  const params = filterParams(filter);
  params.set('limit', String(DIRECTORY_PAGE));
  return `/api/businesses?${params}`;
}

/** How many filters besides the search and the sort are set: the Filters button's count. */
export const activeFilterCount = (filter: BusinessListFilter, restaurantsOnly = false) =>
  [!restaurantsOnly && filter.type, filter.category, filter.cuisine, filter.priceRange, filter.partySize, filter.openNow, filter.availableOn].filter(Boolean).length;
