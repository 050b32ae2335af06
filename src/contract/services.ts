import { z } from 'zod';
import { hasSubCentDigits, toCents } from './money.js';
import { jsonInteger } from './numbers.js';
import { servicePoliciesSchema } from './policies.js';
import { singleLineText } from './text.js';

export const serviceInputSchema = z.object({
  name: singleLineText('Service name is required.').min(1, 'Service name is required.').max(120, 'Service name must be at most 120 characters.'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters.').optional().default(''),
  duration: jsonInteger('Valid duration is required.')
    .min(5, 'Duration must be between 5 and 720 minutes.')
    .max(720, 'Duration must be between 5 and 720 minutes.'),
  price: z
    .union([z.string(), z.number()], 'Valid price is required.')
    .refine((v) => !hasSubCentDigits(v), 'Price can have at most two decimal places (whole cents).')
    .refine((v) => {
      const cents = toCents(v);
      return cents !== null && cents >= 0 && cents <= 10_000_000;
    }, { message: 'Valid price is required.', when: (payload) => payload.issues.length === 0 }),
  /** Policy overrides for this service (DESIGN section 9): only the keys given change; null takes the business's again. */
  policies: servicePoliciesSchema.optional(),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

export const serviceSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  name: z.string(),
  description: z.string(),
  duration: z.number().int(),
  price: z.string(),
  /** This service's own policy overrides (only the keys set); the business's policies say the rest. */
  policies: servicePoliciesSchema,
});
export type Service = z.infer<typeof serviceSchema>;
