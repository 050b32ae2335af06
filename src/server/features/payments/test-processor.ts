import { formatCents } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { findIntent } from './payment-intents.repository.js';
import { type CreateIntentInput, type CreatedIntent, type IntentRef, type IntentSnapshot, PaymentRefusedError, type PaymentProcessor } from './payment-processor.js';
import { newTestClientSecret } from './random-ids.js';

/**
 * The built-in processor, behaving like Stripe test mode: intents exist only as our rows, a card
 * is "confirmed" through POST /api/payment-intents/:id/confirm (confirm-test-card.ts), and capture,
 * cancel, refund and payout check the row's state the way Stripe would and move no real money.
 * The worker writes the resulting row changes, as it does for Stripe.
 */
export class TestPaymentProcessor implements PaymentProcessor {
  readonly name = 'test' as const;
  constructor(private readonly db: Db) {}

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    return { clientSecret: newTestClientSecret(input.id), processorRef: null, status: 'requires_payment_method' };
  }

  async capture(intent: IntentRef, amountCents: number): Promise<void> {
    const row = await this.row(intent);
    if (row.status !== 'requires_capture') throw new PaymentRefusedError(`Cannot capture ${row.id}: its status is ${row.status}`);
    if (amountCents <= 0 || amountCents > row.amountCents) {
      throw new PaymentRefusedError(`Cannot capture ${formatCents(amountCents)} of ${row.id}: ${formatCents(row.amountCents)} is authorized`);
    }
  }

  async cancel(intent: IntentRef): Promise<void> {
    const row = await this.row(intent);
    if (row.status === 'succeeded' || row.status === 'canceled') throw new PaymentRefusedError(`Cannot cancel ${row.id}: its status is ${row.status}`);
  }

  async refund(intent: IntentRef, amountCents: number): Promise<void> {
    const row = await this.row(intent);
    if (row.status !== 'succeeded') throw new PaymentRefusedError(`Cannot refund ${row.id}: it was not captured (status ${row.status})`);
    if (amountCents <= 0 || amountCents > (row.capturedCents ?? 0)) {
      throw new PaymentRefusedError(`Cannot refund ${formatCents(amountCents)} of ${row.id}: ${formatCents(row.capturedCents ?? 0)} was captured`);
    }
  }

  async payout(): Promise<void> {
    // Test payouts go nowhere; the action row marked done is the record that it was paid.
  }

  async retrieve(intent: IntentRef): Promise<IntentSnapshot | null> {
    const row = await findIntent(this.db, intent.id);
    return row ? { status: row.status, amountCapturableCents: row.status === 'requires_capture' ? row.amountCents : 0, cardLast4: row.cardLast4 } : null;
  }

  private async row(intent: IntentRef) {
    const row = await findIntent(this.db, intent.id);
    if (!row) throw new PaymentRefusedError(`No such payment intent: ${intent.id}`);
    return row;
  }
}
