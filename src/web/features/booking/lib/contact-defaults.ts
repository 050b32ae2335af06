import type { CountryCode } from 'libphonenumber-js';
import type { User } from '@contract/auth';
import { formatPhone } from '@contract/phone';

/**
 * What a booking form starts with for a signed-in customer: the profile's full name and phone (issue
 * 18: typed once, not on every booking) and the account's e-mail. Nothing is guessed for a profile
 * without a name (a username is not one). The phone reads as the visitor writes it at home (`region`).
 */
export function profileContact(user: User | null | undefined, region: CountryCode) {
  return { customerName: user?.fullName ?? '', customerEmail: user?.email ?? '', customerPhone: user?.phone ? formatPhone(user.phone, region) : '' };
}

/** A kept draft holds the checked phone in E.164; the field shows it as a person writes it in `region`. */
export function readablePhone<T extends { customerPhone?: unknown }>(draft: T, region: CountryCode): T {
  return typeof draft.customerPhone === 'string' ? { ...draft, customerPhone: formatPhone(draft.customerPhone, region) } : draft;
}
