import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { applySnapshot, findIntentByIdOrSecret } from './payment-intents.repository.js';
import type { PaymentProcessor } from './payment-processor.js';

// Processor calls never happen here: the offer SQL functions record actions (payment_actions) that
// the worker carries out after the commit, exactly once.

/**
 * With Stripe the card is confirmed by Stripe.js, so our row learns of the authorization here:
 * call it before the transaction that claims the intent (a no-op when the row already knows, and
 * for the test processor). Only the user's own intents are looked at.
 */
export async function refreshIntentFromProcessor(db: Db, processor: PaymentProcessor, input: { idOrClientSecret: string; user: Pick<User, 'id'> }) {
  const row = await findIntentByIdOrSecret(db, input.idOrClientSecret);
  if (!row || row.userId !== input.user.id || row.status !== 'requires_payment_method' || processor.name === 'test') return;
  const snapshot = await processor.retrieve(row);
  if (snapshot && snapshot.status !== 'requires_payment_method') await applySnapshot(db, row.id, snapshot);
}
