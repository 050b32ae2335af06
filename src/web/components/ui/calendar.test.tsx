import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Calendar } from './calendar';

// A day chosen from outside after the grid first showed (the booking's first day with free times,
// answered once the page has loaded) must be in view, even when it falls in the next month: the
// restaurant flow's preselected day was off screen whenever it crossed the end of a month.

const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`);

describe('Calendar', () => {
  it('shows the month of a day selected from outside, pressed, and keeps a day picked in view where it is', () => {
    const { rerender } = render(<Calendar value={null} today="2026-11-28" min="2026-11-28" onChange={() => {}} />);
    expect(screen.getByText('November 2026')).toBeInTheDocument();
    rerender(<Calendar value="2026-12-02" today="2026-11-28" min="2026-11-28" onChange={() => {}} />);
    expect(screen.getByText('December 2026')).toBeInTheDocument();
    expect(day('2026-12-02')).toHaveAttribute('aria-pressed', 'true');
    // Another day of the month shown does not move the grid.
    rerender(<Calendar value="2026-12-09" today="2026-11-28" min="2026-11-28" onChange={() => {}} />);
    expect(screen.getByText('December 2026')).toBeInTheDocument();
    expect(day('2026-12-09')).toHaveAttribute('aria-pressed', 'true');
  });
});
