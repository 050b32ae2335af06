import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { singleLineText } from './text.js';

export const userTypes = ['customer', 'business'] as const;

/** The rule a new password follows, as every registration form states it before anything is typed. */
export const PASSWORD_RULE = 'At least 8 characters, and not a common password.';

/**
 * A new password; server and web forms share it, and each message names the part of PASSWORD_RULE
 * that was broken. Logins accept any stored password (the demo accounts').
 */
export const newPasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => v.trim().length > 0, 'Password must be at least 8 characters, not only spaces')
  .refine((v) => !isCommonPassword(v), 'Password must not be a common password: this one is on the list of the most used. Choose a less guessable one.');

/** A new account's username; registration and the availability check share it. */
export const usernameSchema = singleLineText().min(3, 'Username must be at least 3 characters').max(50, 'Username must be at most 50 characters');

export const registerSchema = z.object({
  username: usernameSchema,
  email: z.string('Email is required').trim().toLowerCase().min(1, 'Email is required').max(254, 'Email is too long').pipe(z.email('Invalid email address')),
  password: newPasswordSchema,
  userType: z.enum(userTypes, 'User type must be customer or business').default('customer'),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The web form adds a confirmation field; the server never sees it. */
export const customerRegistrationFormSchema = registerSchema
  .omit({ userType: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const loginSchema = z.object({
  username: singleLineText().min(1, 'Username is required').max(50, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  userType: z.enum(userTypes),
  businessId: z.number().int().nullable(),
  /** The profile's contact details that prefill bookings: null until set on the profile or by a booking. */
  fullName: z.string().nullable(),
  /** E.164 ("+12125550142"). */
  phone: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;


/** GET /api/session: who is signed in, null when nobody (the web app asks this; /api/user keeps SPEC's 401). */
export const sessionSchema = z.object({ user: userSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

/** GET /api/usernames/:username/availability: registration's own "That username is already taken", asked before step 2. */
export const usernameAvailabilityParamsSchema = z.object({ username: usernameSchema });
export const usernameAvailabilitySchema = z.object({ username: z.string(), available: z.boolean() });
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;
