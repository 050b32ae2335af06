import type { Db } from '../../db/client.js';
import * as offersRepository from './offers.repository.js';

// What other features may ask of offers.

/**
 * What a user's own offers hold in escrow, and what accepted offers will pay them: read from their
 * open offers only, so it costs the same after one offer or a thousand settled ones.
 */
export async function escrowOverview(db: Db, userId: number): Promise<{ heldCents: number; incomingCents: number }> {
  return offersRepository.openOfferTotals(db, userId);
}
