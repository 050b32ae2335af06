import type { FastifyBaseLogger } from 'fastify';
import type { Business } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getBusiness } from '../businesses/index.js';
import { businessPageHtml, businessPagePath } from './business-head.js';

/**
 * The web app's page for /book/{id} or /restaurant/{id}: with the business's own title and tags when
 * the id is a business of that kind, else the plain page, whose router shows what it shows. `found`
 * is false when no business has the id (the route answers 404 with the plain page, whose router says
 * "not found"); a business of the other kind is found, and its plain page links to the right one.
 * The page is also plain when the business cannot be read (logged): the app in the browser retries.
 */
export async function showBusinessPage(
  db: Db,
  log: FastifyBaseLogger,
  { indexHtml, type, id, baseUrl }: { indexHtml: string; type: 'service' | 'restaurant'; id: number | null; baseUrl: string },
): Promise<{ found: boolean; html: string }> {
  if (id === null) return { found: false, html: indexHtml };
  let business: Business;
  try {
    business = await getBusiness(db, id);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return { found: false, html: indexHtml };
    log.warn({ err: error }, 'business page sent without its tags');
    return { found: true, html: indexHtml };
  }
  if (business.businessType !== type) return { found: true, html: indexHtml };
  return { found: true, html: businessPageHtml(indexHtml, business, baseUrl + businessPagePath(business)) };
}
