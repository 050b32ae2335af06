import type { Db } from '../../db/client.js';
import { splitOf } from './offer-rules.js';
import * as offersRepository from './offers.repository.js';

// What other features may ask of offers.

/** What a user's own offers hold in escrow, and what accepted offers will pay them. */
export async function escrowOverview(db: Db, userId: number): Promise<{ heldCents: number; incomingCents: number }> {
  const heldCents = await offersRepository.escrowHeldForPayer(db, userId);
  const incoming = await offersRepository.unsettledIncoming(db, userId);
  return { heldCents, incomingCents: incoming.reduce((sum, o) => sum + splitOf(o).recipientCents, 0) };
}
