import { describe, expect, it } from 'vitest';
import { availableEffect, ledgerErrorOf, toBalance } from './ledger.service.js';

const A = 1;
const B = 2;
const t = (flags: string, debit: number, credit: number, amount: number, pendingAmount: number | null = null) => ({
  flags,
  debitAccountId: debit,
  creditAccountId: credit,
  amount,
  pendingAmount,
});

describe('availableEffect', () => {
  it('counts posted transfers on both sides', () => {
    expect(availableEffect(t('single', A, B, 100), A)).toBe(-100);
    expect(availableEffect(t('single', A, B, 100), B)).toBe(100);
  });

  it('counts a hold against the payer only, and what settling it gives back', () => {
    expect(availableEffect(t('pending', A, B, 700), A)).toBe(-700);
    expect(availableEffect(t('pending', A, B, 700), B)).toBe(0);
    expect(availableEffect(t('post_pending', A, B, 600, 700), A)).toBe(100);
    expect(availableEffect(t('post_pending', A, B, 700, 700), A)).toBe(0);
    expect(availableEffect(t('post_pending', A, B, 600, 700), B)).toBe(600);
    expect(availableEffect(t('void_pending', A, B, 700, 700), A)).toBe(700);
    expect(availableEffect(t('void_pending', A, B, 700, 700), B)).toBe(0);
  });
});

describe('ledgerErrorOf', () => {
  it('reads the constraint through driver wrappers', () => {
    const wrapped = { message: 'query failed', cause: { code: '23514', constraint: 'ledger_accounts_no_overdraft_check' } };
    expect(ledgerErrorOf(wrapped)).toMatchObject({ code: 'VALIDATION', message: 'Insufficient balance' });
    expect(ledgerErrorOf({ code: '23505', constraint: 'ledger_transfers_pending_resolution_key' })).toMatchObject({ code: 'INVALID_STATE' });
    expect(ledgerErrorOf({ code: '23505', constraint: 'users_username_lower_key' })).toBeUndefined();
    expect(ledgerErrorOf(new Error('plain'))).toBeUndefined();
  });
});

describe('toBalance', () => {
  it('keeps pending debits out of what is available', () => {
    const row = { id: 1, kind: 'k', asset: 'USD', userId: null, businessId: null, offerId: null, noOverdraft: true, debitsPending: 30, debitsPosted: 20, creditsPending: 5, creditsPosted: 100 };
    expect(toBalance(row)).toMatchObject({ posted: 80, available: 50 });
  });
});
