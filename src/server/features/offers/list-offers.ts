import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { cutPage, type Page } from '../../db/keyset.js';
import { forbidden, notFound, unauthenticated } from '../../errors.js';
import type { PageQuery } from '../../plugins/paging.js';
import { viewOffers } from './offer-view.js';
import * as offersRepository from './offers.repository.js';

/** A page of the signed-in user's offers, incoming and outgoing, newest first (DESIGN section 10). */
export async function listOffers(db: Db, viewer: User | null, q: { forUser?: number } & PageQuery): Promise<Page<Offer>> {
  if (!viewer) throw unauthenticated();
  if (q.forUser !== undefined && q.forUser !== viewer.id) throw forbidden('You can only see your own offers');
  const page = cutPage(await offersRepository.pageOffersOfUser(db, viewer.id, q.limit, q.cursor), q.limit, (o) => ({ at: o.keyTime, id: o.id }));
  return { items: await viewOffers(db, page.items, viewer.id), next: page.next };
}

export async function getOffer(db: Db, viewer: User | null, id: number): Promise<Offer> {
  if (!viewer) throw unauthenticated();
  const offer = await offersRepository.findOffer(db, id);
  if (!offer) throw notFound('Offer');
  if (offer.fromUserId !== viewer.id && offer.toUserId !== viewer.id) throw forbidden('Only the two customers of this offer can see it');
  const [view] = await viewOffers(db, [offer], viewer.id);
  return view;
}
