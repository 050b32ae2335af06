import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/components/ui/calendar';
import { inDays, makeBusiness, makeRestaurant } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { BusinessCard } from './business-card';
import { chipDay } from './next-free-chips';

// A directory card's next free times (DESIGN section 10): up to three chips, each opening the booking
// flow at that service, date and time (a restaurant's at its reservation page), on the business's clock.

describe('next free time chips', () => {
  it('book a service in one tap: the booking page with the service, date and time chosen', () => {
    const business = makeBusiness({
      nextFreeTimes: [
        { serviceId: 11, serviceName: 'Classic Haircut', date: inDays(0), time: '15:30' },
        { serviceId: 12, serviceName: 'Beard Trim', date: inDays(1), time: '09:00' },
        { serviceId: 11, serviceName: 'Classic Haircut', date: '2030-05-02', time: '10:00' },
      ],
    });
    renderApp(<BusinessCard business={business} />);
    const chips = screen.getAllByTestId('next-free-chip');
    // Two services: each chip names its own.
    expect(chips.map((c) => c.textContent)).toEqual(['Today 3:30 PM Classic Haircut', 'Tomorrow 9:00 AM Beard Trim', 'Thu, May 2 10:00 AM Classic Haircut']);
    expect(chips[0]).toHaveAttribute('href', `/book-appointment?businessId=1&serviceId=11&date=${inDays(0)}&time=15%3A30`);
    // The chip's words in its name, in their order (label in name): the service last, as shown.
    expect(chips[1]).toHaveAccessibleName('Book at Downtown Barber Co., Tomorrow 9:00 AM Beard Trim');
    expect(screen.getByText('Next free times')).toBeInTheDocument();
  });

  it('reserve a table at a restaurant on its reservation page', () => {
    renderApp(<BusinessCard business={makeRestaurant({ nextFreeTimes: [{ serviceId: 40, serviceName: 'Table', date: '2030-05-02', time: '19:00' }] })} />);
    const chip = screen.getByRole('link', { name: 'Book a table at Trattoria Bella, Thu, May 2 7:00 PM' });
    expect(chip).toHaveAttribute('href', '/restaurant/2?date=2030-05-02&time=19%3A00');
  });

  it('shows at most three, says when none is free this week, and nothing when the list was not asked for', () => {
    const slot = (time: string) => ({ serviceId: 11, serviceName: 'Cut', date: '2030-05-02', time });
    const { unmount } = renderApp(<BusinessCard business={makeBusiness({ nextFreeTimes: ['09:00', '10:00', '11:00', '12:00'].map(slot) })} />);
    expect(screen.getAllByTestId('next-free-chip')).toHaveLength(3);
    // One service: said once above the chips, not on each.
    expect(screen.getByText('Next free times').parentElement).toHaveTextContent('Next free times · Cut');
    expect(screen.getAllByTestId('next-free-chip')[0]).toHaveTextContent(/^Thu, May 2 9:00 AM$/);
    unmount();
    const none = renderApp(<BusinessCard business={makeBusiness({ nextFreeTimes: [] })} />);
    expect(screen.getByText('No free times in the next week.')).toBeInTheDocument();
    none.unmount();
    renderApp(<BusinessCard business={makeBusiness()} />);
    expect(screen.queryByText(/free times/i)).not.toBeInTheDocument();
  });

  it('are on the business’s clock, and say whose when the visitor’s differs', () => {
    const business = makeBusiness({ timeZone: 'America/Los_Angeles', nextFreeTimes: [{ serviceId: 11, serviceName: 'Cut', date: todayIso('America/Los_Angeles'), time: '09:00' }] });
    renderApp(<BusinessCard business={business} />);
    const card = screen.getByTestId('business-card');
    expect(within(card).getByText(/Times are Los Angeles time/)).toBeInTheDocument();
    expect(within(card).getByTestId('next-free-chip')).toHaveTextContent('Today 9:00 AM');
  });

  it('names days from the business’s today', () => {
    expect(chipDay('2030-05-02', '2030-05-02')).toBe('Today');
    expect(chipDay('2030-05-03', '2030-05-02')).toBe('Tomorrow');
    expect(chipDay('2030-05-06', '2030-05-02')).toBe('Mon, May 6');
  });
});
