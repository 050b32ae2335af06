import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getBusiness } from '../businesses/index.js';
import { businessPageHtml, businessPagePath } from './business-head.js';

/**
 * The web app's page for /book/{id} or /restaurant/{id}: with the business's own title and tags when
 * the id is a business of that kind, else the plain page, whose router shows what it shows (its
 * "not found" included). A page is never refused: the app in the browser reports its own errors.
 */
export async function showBusinessPage(
  db: Db,
  log: FastifyBaseLogger,
  { indexHtml, type, id, baseUrl }: { indexHtml: string; type: 'service' | 'restaurant'; id: number | null; baseUrl: string },
): Promise<string> {
  if (id === null) return indexHtml;
  const business = await getBusiness(db, id).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === ErrorCode.NOT_FOUND)) log.warn({ err: error }, 'business page sent without its tags');
    return null;
  });
  if (!business || business.businessType !== type) return indexHtml;
  return businessPageHtml(indexHtml, business, baseUrl + businessPagePath(business));
}
