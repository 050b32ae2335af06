import type { User } from '../../../contract/auth.js';
import type { Review } from '../../../contract/reviews.js';
import type { Db } from '../../db/client.js';
import { cutPage, type Page } from '../../db/keyset.js';
import type { PageQuery } from '../../plugins/paging.js';
import { getBusiness } from '../businesses/index.js';
import { toReview } from './review-view.js';
import * as repository from './reviews.repository.js';

/** A page of a business's reviews, newest first; public. 404 when there is no such business. */
export async function listReviews(db: Db, viewer: User | null, businessId: number, q: PageQuery): Promise<Page<Review>> {
  const business = await getBusiness(db, businessId);
  // only the owner reports, so only the owner's own reports are worth looking up
  const reporter = viewer !== null && viewer.id === business.ownerId ? viewer.id : null;
  const rows = await repository.pageReviews(db, business.id, q.limit, q.cursor, reporter);
  const page = cutPage(rows, q.limit, (r) => ({ at: r.keyTime, id: r.id }));
  return { items: page.items.map(toReview), next: page.next };
}
