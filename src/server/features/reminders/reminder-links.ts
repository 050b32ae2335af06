import { createHmac, timingSafeEqual } from 'node:crypto';
import { type LinkPurpose, linkPurposeSchema } from '../../../contract/reminders.js';

// Signed single-purpose links (DESIGN section 11, docs/decisions/0031-reminders.md): a token is the
// appointment id, the purpose and the expiry (the start, in seconds since the epoch), then an
// HMAC-SHA256 of those three under the link key. Nothing is stored to make one; what a link did is
// stored when it is used (reminder_link_uses), in the transaction of what it does.

/** The key links are signed with: REMINDER_LINK_SECRET, else an HMAC of the session secret (a cookie key is never a link key). */
export function reminderLinkKey(explicit: string | undefined, sessionSecret: string): Buffer {
  if (explicit) return Buffer.from(explicit, 'utf8');
  return createHmac('sha256', sessionSecret).update('que reminder links').digest();
}

export interface SignedLink {
  appointmentId: number;
  purpose: LinkPurpose;
  expiresAt: Date;
}

const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function signLink(key: Buffer, link: SignedLink): string {
  const body = `${link.appointmentId}.${link.purpose}.${Math.floor(link.expiresAt.getTime() / 1000)}`;
  return `${body}.${signature(key, body)}`;
}

/** The link a token stands for, or null when it is not one this key signed (tampered with, cut short, made up). */
export function readLink(key: Buffer, token: string): SignedLink | null {
  const match = /^([1-9]\d{0,9})\.([a-z]+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, purpose, expires, given] = match;
  const expected = Buffer.from(signature(key, `${id}.${purpose}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  const parsedPurpose = linkPurposeSchema.safeParse(purpose);
  const appointmentId = Number(id);
  if (!parsedPurpose.success || appointmentId > 2_147_483_647) return null;
  return { appointmentId, purpose: parsedPurpose.data, expiresAt: new Date(Number(expires) * 1000) };
}

/** The three links of a reminder e-mail, for an appointment starting at `start`: each ends then. */
export function reminderLinks(key: Buffer, publicUrl: string, appointmentId: number, start: Date): Record<LinkPurpose, string> {
  const url = (purpose: LinkPurpose) => `${publicUrl}/reminder-link/${signLink(key, { appointmentId, purpose, expiresAt: start })}`;
  return { confirm: url('confirm'), cancel: url('cancel'), reschedule: url('reschedule') };
}
