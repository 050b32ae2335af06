import type { CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { idParam, integerQuery, jsonInteger } from './numbers.js';
import { optionalPhoneField } from './phone.js';
import { businessPoliciesPatchSchema, businessPoliciesSchema } from './policies.js';
import { RULES } from './rules.js';
import { singleLineText } from './text.js';
import { DATE_PATTERN, isValidDate } from './time.js';
import { businessCategories, businessSorts, businessTypes, cuisineTypes, priceRanges } from './business-lists.js';

export { businessCategories, type BusinessSort, businessSorts, businessTypes, cuisineTypes, priceRanges } from './business-lists.js';

// Each field once, without a default: registration adds `.optional().default('')`, an edit sends what changes.
// `line` is printed on one line (e-mail, invites, headings): its control characters collapse to a space.
const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const line = (max: number, label: string) => singleLineText().max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number, label: string) => text(max, label).optional().default('');
const optionalLine = (max: number, label: string) => line(max, label).optional().default('');

const website = singleLineText()
  .max(300, 'Website must be at most 300 characters')
  .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'Website must be a valid URL (https://...)');
const websiteField = website.optional().default('');

const email = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email address');
const emailField = email.optional().default('');

const businessName = (label: string) =>
  singleLineText(`${label} is required`).min(1, `${label} is required`).max(120, `${label} must be at most 120 characters`);

/** Where a business is: both or neither; a pair of numbers in range. */
const latitude = z.number('latitude must be a number').min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90');
const longitude = z.number('longitude must be a number').min(-180, 'longitude must be between -180 and 180').max(180, 'longitude must be between -180 and 180');
const locationFields = { latitude: latitude.nullable().optional(), longitude: longitude.nullable().optional() };
const BOTH_OR_NEITHER = 'latitude and longitude go together: give both, or neither (null clears both)';
const bothOrNeither = (v: { latitude?: number | null; longitude?: number | null }) => (v.latitude === undefined) === (v.longitude === undefined) && (v.latitude === null) === (v.longitude === null);

/** Who runs it: saved as the owner's profile name, and the name of a service business's first staff member. */
const ownerName = singleLineText('Your name must be text').min(1, 'Your name is required').max(100, 'Your name must be at most 100 characters');

const commonFields = {
  userId: z.number().int().optional(),
  /** Optional for API clients (the profile's name, else the business's, names the first member); the web form asks for it. */
  ownerName: ownerName.optional(),
  description: optionalText(2000, 'Description'),
  address: optionalLine(300, 'Address'),
  phone: optionalPhoneField('Phone').optional().default(''),
  email: emailField,
  website: websiteField,
  operatingHours: optionalText(1000, 'Operating hours'),
  timeZone: z.string().trim().max(64).optional(),
  ...locationFields,
};

const createBusinessObject = z.object({
  ...commonFields,
  businessName: businessName('Business name'),
  category: z.enum(businessCategories, 'Category is required'),
});
export const createBusinessSchema = createBusinessObject.refine(bothOrNeither, { message: BOTH_OR_NEITHER, path: ['latitude'] });
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;

/** The registration form's: the owner's name is required, and a national phone number is read as `region`'s (the visitor's). */
export const createBusinessFormSchema = (region?: CountryCode) =>
  createBusinessObject.extend({ ownerName, phone: optionalPhoneField('Phone', region).optional().default('') }).refine(bothOrNeither, { message: BOTH_OR_NEITHER, path: ['latitude'] });

/** A restaurant's own fields, without defaults (registration adds them). */
const restaurantFields = {
  cuisineType: z.enum(cuisineTypes, 'Cuisine type is required'),
  priceRange: z.enum(priceRanges.map((p) => p.value) as ['$', '$$', '$$$', '$$$$'], 'Price range is required'),
  maxPartySize: jsonInteger('Max party size must be a number', 'Max party size must be a whole number').min(1, 'Max party size must be between 1 and 20').max(20, 'Max party size must be between 1 and 20'),
  reservationDuration: jsonInteger('Reservation duration must be a number', 'Reservation duration must be a whole number of minutes')
    .min(60, 'Reservation duration must be between 60 and 300 minutes')
    .max(300, 'Reservation duration must be between 60 and 300 minutes')
    .multipleOf(15, 'Reservation duration must be in steps of 15 minutes'),
  seatingCapacity: jsonInteger('Seating capacity must be a number', 'Seating capacity must be a whole number').min(1, 'Seating capacity must be between 1 and 1000').max(1000, 'Seating capacity must be between 1 and 1000'),
};

export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const createRestaurantObject = z.object({
  ...commonFields,
  businessName: businessName('Restaurant name'),
  category: z.literal('Restaurant').optional(),
  businessType: z.literal('restaurant').optional(),
  cuisineType: restaurantFields.cuisineType,
  priceRange: restaurantFields.priceRange,
  maxPartySize: restaurantFields.maxPartySize.default(8),
  reservationDuration: restaurantFields.reservationDuration.default(120),
  seatingCapacity: restaurantFields.seatingCapacity.default(40),
  /** The weekdays it opens (0 = Sunday): its default time slots are made for these days only. */
  openDays: z
    .array(z.number('Days open must be weekday numbers 0-6').int('Days open must be weekday numbers 0-6').min(0, 'Days open must be weekday numbers 0-6').max(6, 'Days open must be weekday numbers 0-6'), 'Days open must be a list of weekdays')
    .min(1, 'Choose at least one day the restaurant opens')
    .max(7, 'Days open must be a list of weekdays')
    .refine((days) => new Set(days).size === days.length, 'Each day can be chosen once')
    .optional()
    .default([...ALL_DAYS]),
});
export const createRestaurantSchema = createRestaurantObject.refine(bothOrNeither, { message: BOTH_OR_NEITHER, path: ['latitude'] });
export type CreateRestaurantInput = z.input<typeof createRestaurantSchema>;

/** The restaurant registration form's, as createBusinessFormSchema. */
export const createRestaurantFormSchema = (region?: CountryCode) =>
  createRestaurantObject.extend({ ownerName, phone: optionalPhoneField('Phone', region).optional().default('') }).refine(bothOrNeither, { message: BOTH_OR_NEITHER, path: ['latitude'] });

// The discovery filters (DESIGN section 10), shared by GET /api/businesses and GET /api/earliest-appointments.
const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;
const nearPoint = z.string().transform((text, ctx) => {
  const parts = text.split(',');
  const [lat, lng] = parts.map((p) => (DECIMAL.test(p.trim()) ? Number(p.trim()) : NaN));
  if (parts.length !== 2 || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) {
    ctx.addIssue({ code: 'custom', message: 'near must be "latitude,longitude" in decimal degrees (latitude -90 to 90, longitude -180 to 180), e.g. near=40.7128,-74.006' });
    return z.NEVER;
  }
  return { lat, lng };
});
const radiusKm = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,3})?$/, 'radiusKm must be a number of kilometres')
  .transform(Number)
  .refine((km) => km > 0 && km <= RULES.nearRadiusMaxKm, `radiusKm must be more than 0 and at most ${RULES.nearRadiusMaxKm}`);
export const isoDate = (label: string) => z.string().refine((d) => DATE_PATTERN.test(d) && isValidDate(d), `${label} must be a date YYYY-MM-DD`);
const RANGE = `partySize must be between 1 and ${RULES.searchPartySizeMax}`;
const partySize = integerQuery('partySize').pipe(z.number().min(1, RANGE).max(RULES.searchPartySizeMax, RANGE));
const allCategories = [...businessCategories, 'Restaurant'] as const;

export const discoveryFilterFields = {
  type: z.enum(businessTypes, 'type must be restaurant or service').optional(),
  q: singleLineText().max(100, 'Search text must be at most 100 characters').optional(),
  category: z.enum(allCategories, `category must be one of ${allCategories.join(', ')}`).optional(),
  cuisine: z.enum(cuisineTypes, `cuisine must be one of ${cuisineTypes.join(', ')}`).optional(),
  priceRange: z.enum(['$', '$$', '$$$', '$$$$'], 'priceRange must be $, $$, $$$ or $$$$').optional(),
  partySize: partySize.optional(),
  near: nearPoint.optional(),
  radiusKm: radiusKm.optional(),
};

/** Query-string fields every paged list has; the cursor's key is read by the use case, which knows the sort. */
export const pageFields = {
  limit: integerQuery('limit').pipe(z.number().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100')).default(24),
  cursor: z.string().max(1000, 'cursor is too long: use the Link header of the previous page').optional(),
};

/** GET /api/businesses (DESIGN section 10): filters, sort and page. */
export const listBusinessesQuerySchema = z
  .object({
    ...discoveryFilterFields,
    openNow: z.enum(['true', 'false'], 'openNow must be true or false').transform((v) => v === 'true').optional(),
    availableOn: isoDate('availableOn').optional(),
    sort: z.enum(businessSorts, `sort must be one of ${businessSorts.join(', ')}`).optional(),
    ...pageFields,
  })
  .superRefine((v, ctx) => {
    if (v.sort === 'distance' && !v.near) ctx.addIssue({ code: 'custom', path: ['sort'], message: 'sort=distance needs near=latitude,longitude' });
    if (v.sort === 'relevance' && !v.q) ctx.addIssue({ code: 'custom', path: ['sort'], message: 'sort=relevance needs q (the search text)' });
    if (v.radiusKm !== undefined && !v.near) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'radiusKm needs near=latitude,longitude' });
  });
export type ListBusinessesQuery = z.output<typeof listBusinessesQuerySchema>;


export const businessSchema = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  businessName: z.string(),
  category: z.string(),
  businessType: z.enum(businessTypes),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  operatingHours: z.string(),
  cuisineType: z.string().nullable(),
  priceRange: z.string().nullable(),
  maxPartySize: z.number().int().nullable(),
  reservationDuration: z.number().int().nullable(),
  seatingCapacity: z.number().int().nullable(),
  timeZone: z.string(),
  openToday: z.boolean(),
  /** The booking policies in effect (DESIGN section 9), defaults filled in. */
  policies: businessPoliciesSchema,
  createdAt: z.string(),
  /** Where it is (DESIGN section 10): both or neither. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Verified reviews (DESIGN section 10): the average to one decimal, null without reviews ("New"). */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  /**
   * Shown in the directory, quick booking and the sitemap: it has a bookable service (issue 27). A new
   * business is not listed until it adds one; its owner's dashboard says so.
   */
  listed: z.boolean(),
  /** Only in a list asked `near` a point: great-circle kilometres from it, one decimal. */
  distanceKm: z.number().optional(),
  /**
   * Only in GET /api/businesses: up to three next free starts ("chips" that book in one tap), the
   * soonest first, read for the whole page in one query; empty when nothing is free in the coming week.
   */
  nextFreeTimes: z.array(z.object({ serviceId: z.number().int(), serviceName: z.string(), date: z.string(), time: z.string() })).optional(),
});
export type Business = z.infer<typeof businessSchema>;

export const idParamsSchema = z.object({ id: idParam('id') });

/**
 * PATCH /api/businesses/:id: the owner's edit of the details (the dashboard's Edit action). Only the
 * fields sent change. Category is a service business's; the restaurant fields a restaurant's.
 */
export const updateBusinessSchema = z
  .object({
    businessName: businessName('Business name'),
    category: z.enum(businessCategories, 'Category is required'),
    description: text(2000, 'Description'),
    address: line(300, 'Address'),
    phone: optionalPhoneField('Phone'),
    email,
    website,
    operatingHours: text(1000, 'Operating hours'),
    timeZone: z.string('Time zone is required').trim().min(1, 'Time zone is required').max(64, 'Time zone must be at most 64 characters'),
    ...restaurantFields,
    /** Booking policies: only the keys given change; null restores a key's default. */
    policies: businessPoliciesPatchSchema,
    ...locationFields,
  })
  .partial()
  .refine(bothOrNeither, { message: BOTH_OR_NEITHER, path: ['latitude'] });
export type UpdateBusinessInput = z.input<typeof updateBusinessSchema>;
export type UpdateBusinessValues = z.output<typeof updateBusinessSchema>;
export const RESTAURANT_ONLY_FIELDS = ['cuisineType', 'priceRange', 'maxPartySize', 'reservationDuration', 'seatingCapacity'] as const;
