import type { Business } from '../../../contract/businesses.js';
import { escapeHtml, jsonForScript } from './escape.js';

export const SITE_NAME = 'Que';
const DESCRIPTION_LENGTH = 160;

/** Where a business's public page is: /restaurant/{id} for a restaurant, /book/{id} for the rest. */
export function businessPagePath(business: Pick<Business, 'id' | 'businessType'>): string {
  return business.businessType === 'restaurant' ? `/restaurant/${business.id}` : `/book/${business.id}`;
}

export function businessTitle(business: Pick<Business, 'businessName'>): string {
  return `${business.businessName} — Book on ${SITE_NAME}`;
}

/** The owner's description, or a sentence made from what is known; one line, cut at a word. */
export function businessDescription(business: Business): string {
  const own = business.description.replace(/\s+/g, ' ').trim();
  const made =
    business.businessType === 'restaurant'
      ? `Reserve a table at ${business.businessName}${business.cuisineType ? `, ${business.cuisineType}` : ''}${business.address ? `, ${business.address}` : ''}, on ${SITE_NAME}.`
      : `Book ${business.category ? `${business.category.toLowerCase()} ` : ''}appointments at ${business.businessName}${business.address ? `, ${business.address}` : ''}, on ${SITE_NAME}.`;
  const text = own || made;
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2)).trimEnd()}…`;
}

/** schema.org LocalBusiness (or Restaurant) as search engines read it; the rating only once reviewed. */
export function businessJsonLd(business: Business, url: string): Record<string, unknown> {
  const restaurant = business.businessType === 'restaurant';
  return {
    '@context': 'https://schema.org',
    '@type': restaurant ? 'Restaurant' : 'LocalBusiness',
    '@id': url,
    name: business.businessName,
    url,
    ...(business.description.trim() ? { description: business.description.trim() } : {}),
    ...(business.address ? { address: { '@type': 'PostalAddress', streetAddress: business.address } } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(business.website ? { sameAs: business.website } : {}),
    ...(business.latitude !== null && business.longitude !== null ? { geo: { '@type': 'GeoCoordinates', latitude: business.latitude, longitude: business.longitude } } : {}),
    ...(restaurant && business.cuisineType ? { servesCuisine: business.cuisineType } : {}),
    ...(business.priceRange ? { priceRange: business.priceRange } : {}),
    ...(business.ratingCount > 0 && business.ratingAverage !== null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: business.ratingAverage, reviewCount: business.ratingCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/** The tags a shared link's preview and a search result are made from, every value escaped. */
export function businessHeadTags(business: Business, url: string): string {
  const title = escapeHtml(businessTitle(business));
  const description = escapeHtml(businessDescription(business));
  const href = escapeHtml(url);
  return [
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${href}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${href}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<script type="application/ld+json">${jsonForScript(businessJsonLd(business, url))}</script>`,
  ].join('\n    ');
}

/**
 * index.html with the business's own title and tags in place of the app's generic ones. Replaced by
 * function, not by replacement string: `$&` in a business name is text, not a pattern.
 */
export function businessPageHtml(indexHtml: string, business: Business, url: string): string {
  const title = `<title>${escapeHtml(businessTitle(business))}</title>`;
  return indexHtml
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '')
    .replace(/<title>[^<]*<\/title>/i, () => title)
    .replace(/<\/head>/i, () => `  ${businessHeadTags(business, url)}\n  </head>`);
}
