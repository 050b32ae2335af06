import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '@contract/appointments';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';
import { SkipTheLineBanner } from './skip-the-line-banner';

// The banner's soonest slot is on its business's clock and says whose when the visitor's differs (the
// component tests' browser is on New York's clock, vitest.config.ts).

const item = (id: number, timeZone: string, time: string): EarliestAppointment => ({
  business: { id, businessName: `Studio ${id}`, businessType: 'service', category: 'Fitness', timeZone },
  service: { id: id * 10, serviceName: 'Private session', duration: 60, price: '40.00' },
  date: '2030-05-02',
  time,
  duration: 60,
});

const asked: string[] = [];
const banner = async (items: EarliestAppointment[], restaurantsOnly = false) => {
  asked.length = 0;
  server.use(
    http.get('/api/earliest-appointments', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(items);
    }),
  );
  renderApp(<SkipTheLineBanner restaurantsOnly={restaurantsOnly} />);
  return screen.findByRole('link', { name: /^Studio/ });
};

describe('the Skip the line banner', () => {
  it('asks for the first three of the list, never the whole market (restaurants only on the restaurant directory)', async () => {
    await banner([item(4, 'America/New_York', '09:00')]);
    expect(asked).toEqual(['?limit=3']);
    cleanup();
    await banner([{ ...item(6, 'America/New_York', '19:00'), business: { ...item(6, 'America/New_York', '19:00').business, businessType: 'restaurant' } }], true);
    expect(asked).toEqual(['?limit=3&type=restaurant']);
  });

  it("names the business's zone from another one", async () => {
    expect(await banner([item(4, 'America/Los_Angeles', '09:00')])).toHaveTextContent('Studio 4 · Private session, Thu, May 2 at 9:00 AM Los Angeles time');
  });

  it('says nothing of zones to a visitor on the same clock', async () => {
    expect(await banner([item(5, 'America/New_York', '09:00')])).toHaveTextContent(/^Studio 5 · Private session, Thu, May 2 at 9:00 AM$/);
  });
});
