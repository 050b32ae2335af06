import { inject } from 'vitest';

/** A service business as POST /api/businesses takes it, and its one service as POST …/services does. */
export interface ServiceBusinessSeed {
  business: { businessName: string; category: string; address?: string; latitude?: number; longitude?: number; [field: string]: unknown };
  service: { name: string; duration: number; price: string; description?: string };
}

/**
 * Writes service businesses (each with a new owner and one service) straight into this worker's app
 * database, for tests that need many of them but are not about creating them (creating one through the
 * API and the dashboard has tests of its own). Same functions as the routes, without three HTTP round
 * trips and a production-cost password hash per business.
 */
export async function seedServiceBusinesses(shops: ServiceBusinessSeed[]): Promise<{ businessId: number; serviceId: number }[]> {
  const urls = inject('seedURLs');
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
  const res = await fetch(`${url}/service-businesses`, { method: 'POST', body: JSON.stringify({ shops }) });
  if (res.status !== 201) throw new Error(`seeding failed (${res.status}): ${await res.text()}`);
  return (await res.json()) as { businessId: number; serviceId: number }[];
}

/** The reminder e-mails the app wrote for an appointment (subject and text, links included), oldest first. */
export async function reminderMail(appointmentId: number): Promise<{ subject: string; text: string }[]> {
  const urls = inject('seedURLs');
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
  const res = await fetch(`${url}/reminder-mail`, { method: 'POST', body: JSON.stringify({ appointmentId }) });
  if (res.status !== 200) throw new Error(`reading reminder mail failed (${res.status}): ${await res.text()}`);
  return (await res.json()) as { subject: string; text: string }[];
}
