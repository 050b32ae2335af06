import type { User } from '../../../contract/auth.js';
import type { BusinessWaitlistEntry } from '../../../contract/waitlist.js';
import type { Db } from '../../db/client.js';
import { cutPage, type Page } from '../../db/keyset.js';
import type { PageQuery } from '../../plugins/paging.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import { pageEntriesOfDay, toBusinessEntry } from './business-waitlist.repository.js';

/**
 * The owner's view of who is waiting on a day (DESIGN section 11): every entry of that date, each
 * status, oldest first (the order holds are offered in), a page at a time. Owner only (401, 403; an
 * unknown business 404).
 */
export async function listBusinessWaitlist(db: Db, user: User | null, businessId: number, date: string, q: PageQuery): Promise<Page<BusinessWaitlistEntry>> {
  await requireOwnedBusiness(db, user, businessId);
  const rows = await pageEntriesOfDay(db, businessId, date, q.limit, q.cursor);
  const page = cutPage(rows, q.limit, (r) => ({ at: r.keyTime, id: r.id }));
  return { items: page.items.map(toBusinessEntry), next: page.next };
}
