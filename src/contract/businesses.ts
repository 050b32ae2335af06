import { z } from 'zod';
import { idParam, jsonInteger } from './numbers.js';
import { businessPoliciesPatchSchema, businessPoliciesSchema } from './policies.js';
import { singleLineText } from './text.js';

export const businessCategories = [
  'Healthcare', 'Beauty & Wellness', 'Professional Services', 'Home Services', 'Education',
  'Fitness', 'Legal', 'Financial', 'Automotive', 'Technology', 'Other',
] as const;
export const cuisineTypes = ['Italian', 'Mexican', 'Asian', 'American', 'French', 'Mediterranean', 'Indian', 'Japanese', 'Thai', 'Other'] as const;
export const priceRanges = [
  { value: '$', label: 'Budget friendly' },
  { value: '$$', label: 'Moderate' },
  { value: '$$$', label: 'Upscale' },
  { value: '$$$$', label: 'Fine dining' },
] as const;
export const businessTypes = ['service', 'restaurant'] as const;

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

const commonFields = {
  userId: z.number().int().optional(),
  description: optionalText(2000, 'Description'),
  address: optionalLine(300, 'Address'),
  phone: optionalLine(40, 'Phone'),
  email: emailField,
  website: websiteField,
  operatingHours: optionalText(1000, 'Operating hours'),
  timeZone: z.string().trim().max(64).optional(),
};

export const createBusinessSchema = z.object({
  ...commonFields,
  businessName: businessName('Business name'),
  category: z.enum(businessCategories, 'Category is required'),
});
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;

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

export const createRestaurantSchema = z.object({
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
export type CreateRestaurantInput = z.input<typeof createRestaurantSchema>;

export const listBusinessesQuerySchema = z.object({
  type: z.enum(businessTypes, 'type must be restaurant or service').optional(),
  q: singleLineText().max(100, 'Search text must be at most 100 characters').optional(),
});

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
    phone: line(40, 'Phone'),
    email,
    website,
    operatingHours: text(1000, 'Operating hours'),
    timeZone: z.string('Time zone is required').trim().min(1, 'Time zone is required').max(64, 'Time zone must be at most 64 characters'),
    ...restaurantFields,
    /** Booking policies: only the keys given change; null restores a key's default. */
    policies: businessPoliciesPatchSchema,
  })
  .partial();
export type UpdateBusinessInput = z.input<typeof updateBusinessSchema>;
export type UpdateBusinessValues = z.output<typeof updateBusinessSchema>;
export const RESTAURANT_ONLY_FIELDS = ['cuisineType', 'priceRange', 'maxPartySize', 'reservationDuration', 'seatingCapacity'] as const;
