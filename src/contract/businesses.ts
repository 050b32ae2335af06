import { z } from 'zod';
import { idParam, jsonInteger } from './numbers.js';

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

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default('');

const websiteField = z
  .string()
  .trim()
  .max(300, 'Website must be at most 300 characters')
  .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'Website must be a valid URL (https://...)')
  .optional()
  .default('');

const emailField = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email address')
  .optional()
  .default('');

const commonFields = {
  userId: z.number().int().optional(),
  description: optionalText(2000, 'Description'),
  address: optionalText(300, 'Address'),
  phone: optionalText(40, 'Phone'),
  email: emailField,
  website: websiteField,
  operatingHours: optionalText(1000, 'Operating hours'),
  timeZone: z.string().trim().max(64).optional(),
};

export const createBusinessSchema = z.object({
  ...commonFields,
  businessName: z.string('Business name is required').trim().min(1, 'Business name is required').max(120, 'Business name must be at most 120 characters'),
  category: z.enum(businessCategories, 'Category is required'),
});
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;

export const createRestaurantSchema = z.object({
  ...commonFields,
  businessName: z.string('Restaurant name is required').trim().min(1, 'Restaurant name is required').max(120, 'Restaurant name must be at most 120 characters'),
  category: z.literal('Restaurant').optional(),
  businessType: z.literal('restaurant').optional(),
  cuisineType: z.enum(cuisineTypes, 'Cuisine type is required'),
  priceRange: z.enum(priceRanges.map((p) => p.value) as ['$', '$$', '$$$', '$$$$'], 'Price range is required'),
  maxPartySize: jsonInteger('Max party size must be a number', 'Max party size must be a whole number').min(1, 'Max party size must be between 1 and 20').max(20, 'Max party size must be between 1 and 20').default(8),
  reservationDuration: jsonInteger('Reservation duration must be a number', 'Reservation duration must be a whole number of minutes')
    .min(60, 'Reservation duration must be between 60 and 300 minutes')
    .max(300, 'Reservation duration must be between 60 and 300 minutes')
    .multipleOf(15, 'Reservation duration must be in steps of 15 minutes')
    .default(120),
  seatingCapacity: jsonInteger('Seating capacity must be a number', 'Seating capacity must be a whole number').min(1, 'Seating capacity must be between 1 and 1000').max(1000, 'Seating capacity must be between 1 and 1000').default(40),
});
export type CreateRestaurantInput = z.input<typeof createRestaurantSchema>;

export const listBusinessesQuerySchema = z.object({
  type: z.enum(businessTypes, 'type must be restaurant or service').optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
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
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

export const idParamsSchema = z.object({ id: idParam('id') });
