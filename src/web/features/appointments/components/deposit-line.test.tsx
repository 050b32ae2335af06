import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepositLine } from './deposit-line';

const fees = { noShowFee: '15.00', lateCancelFee: '10.00', charged: [], declined: [] } as const;

describe('DepositLine for a card on file', () => {
  it('says what may be charged, what was, and a fee the card declined (not charged)', () => {
    const { rerender } = render(<DepositLine deposit={null} cardFees={{ ...fees, charged: [], declined: [] }} />);
    expect(screen.getByTestId('card-fees-line').textContent).toBe('Card on file, nothing charged; it may be charged $15.00 on a no-show or $10.00 on a late cancel.');
    rerender(<DepositLine deposit={null} cardFees={{ ...fees, charged: ['no_show_fee'], declined: [] }} />);
    expect(screen.getByTestId('card-fees-line').textContent).toBe('Charged to the card on file: a no-show fee of $15.00.');
    rerender(<DepositLine deposit={null} cardFees={{ ...fees, charged: [], declined: ['no_show_fee'] }} />);
    expect(screen.getByTestId('card-fees-line').textContent).toBe('The card on file declined a no-show fee of $15.00: not charged.');
  });
});
