import { describe, expect, it } from 'vitest';
import { RULES } from '@contract/rules';
import { checkAmount } from './amount-check';

describe('checkAmount', () => {
  it('takes amounts inside each kind’s range, to the cent', () => {
    expect(checkAmount('queue_jump', '25')).toEqual({ cents: 2500, problem: null });
    expect(checkAmount('queue_jump', String(RULES.queueJumpMinCents / 100))).toEqual({ cents: RULES.queueJumpMinCents, problem: null });
    expect(checkAmount('move_back', '1.50')).toEqual({ cents: 150, problem: null });
    expect(checkAmount('counter', String(RULES.offerMaxCents / 100))).toEqual({ cents: RULES.offerMaxCents, problem: null });
  });

  it('refuses what is outside the range with SPEC’s sentence, and gives no amount then', () => {
    expect(checkAmount('queue_jump', '500')).toEqual({ cents: null, problem: 'Offer amount must be between $5 and $200.' });
    expect(checkAmount('queue_jump', '4.99')).toEqual({ cents: null, problem: 'Offer amount must be between $5 and $200.' });
    expect(checkAmount('move_back', '0.5')).toEqual({ cents: null, problem: 'Offer amount must be between $1 and $200.' });
    expect(checkAmount('counter', '0')).toEqual({ cents: null, problem: 'Counter amount must be between $1 and $200.' });
    expect(checkAmount('counter', '-3')).toEqual({ cents: null, problem: 'Counter amount must be between $1 and $200.' });
  });

  it('says when the field is empty or goes below the cent', () => {
    expect(checkAmount('queue_jump', ' ').problem).toBe('Enter an offer amount.');
    expect(checkAmount('counter', '').problem).toBe('Counter amount is required and must be greater than 0.');
    expect(checkAmount('move_back', '20.001')).toEqual({ cents: null, problem: 'Use whole cents: at most two decimal places.' });
  });
});
