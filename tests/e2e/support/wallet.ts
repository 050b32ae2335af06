import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatPrice } from '../../../src/contract/money';
import type { Wallet } from '../../../src/contract/payments';
import { getJson } from './api';

const WALLET_ROWS = ['credits', 'pendingCredits', 'heldInEscrow', 'pendingIncoming', 'earnings'] as const;

/**
 * The ledger's balances for the signed-in customer, read through the API (GET /api/wallet and
 * GET /api/credits/:id), match `expected`, and the open page shows exactly those figures in the wallet
 * and the Que Credit card, without a reload (live updates bring them). Returns the API's wallet.
 */
export async function expectWalletShowsLedger(page: Page, request: APIRequestContext, userId: number, expected: Partial<Wallet>): Promise<Wallet> {
  const ledger = await getJson<Wallet>(request, '/api/wallet');
  expect(ledger).toMatchObject(expected);
  const credit = await getJson<{ credits: string; pending: string }>(request, `/api/credits/${userId}`);
  expect(credit.credits).toBe(ledger.credits);
  for (const row of WALLET_ROWS) {
    await expect.poll(() => page.getByTestId(`wallet-${row}`).locator('dd').textContent(), { timeout: 10_000 }).toBe(formatPrice(ledger[row]));
  }
  await expect.poll(() => page.getByTestId('credit-balance').textContent(), { timeout: 10_000 }).toBe(formatPrice(credit.credits));
  return ledger;
}
