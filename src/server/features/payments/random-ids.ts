import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits, unbiased (bytes past the last whole multiple of 62 are skipped). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

/** Our id of a payment intent, shaped like Stripe's so a client cannot tell the processors apart. */
export const newPaymentIntentId = () => `pi_${randomAlphanumeric(24)}`;

/** The test processor's client secret, in Stripe's format `${id}_secret_${random}`. */
export const newTestClientSecret = (id: string) => `${id}_secret_${randomAlphanumeric(25)}`;
