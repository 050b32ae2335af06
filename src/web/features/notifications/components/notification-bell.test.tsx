import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@contract/live';
import { makeUser } from '@/test/fixtures';
import { answerPages } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { NotificationBell } from './notification-bell';

// The bell over a long history: the list comes a page at a time, the unread count is the server's
// count of all of them, not of the page.

const note = (id: number, read = false): Notification => ({
  id, kind: 'booking_confirmed', title: `Note ${id}`, body: '', link: null, appointmentId: null, offerId: null, read, createdAt: '2030-01-01T00:00:00.000Z', timeZone: null,
});

describe('the notification bell', () => {
  // First in the file, so the popover's chunk is still loading when the bell is tapped (CI under load
  // once lost such a tap to the placeholder bell).
  it('opens the list on a tap that comes before the popover has loaded', async () => {
    signedInAs(makeUser());
    answerPages('/api/notifications', 20, () => [note(1)], (page) => ({ notifications: page, unread: 1 }));
    const { user } = renderApp(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(list).getByTestId('notification-item')).toHaveTextContent('Note 1');
  });

  it('counts every unread one, lists a page, shows older ones on demand, and marks all read', async () => {
    signedInAs(makeUser());
    const all = Array.from({ length: 45 }, (_, i) => note(45 - i, i >= 40));
    let unread = 40;
    const asked = answerPages('/api/notifications', 20, () => all, (page) => ({ notifications: page, unread }));
    server.use(
      http.post('/api/notifications/read-all', () => {
        all.forEach((n) => (n.read = true));
        const updated = unread;
        unread = 0;
        return HttpResponse.json({ updated, unread });
      }),
    );
    const { user } = renderApp(<NotificationBell />);
    const bell = () => screen.getByRole('button', { name: 'Notifications, 40 unread' });
    // The popover is its own chunk: the bell opens it once that has loaded.
    await waitFor(() => expect(bell()).toHaveAttribute('aria-haspopup', 'dialog'));
    expect(within(bell()).getByTestId('notification-count')).toHaveTextContent('40');

    await user.click(bell());
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(20);
    await user.click(within(list).getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(40));
    await user.click(within(list).getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(45));
    expect(within(list).queryByRole('button', { name: 'Show older notifications' })).not.toBeInTheDocument();
    expect(within(list).getAllByTestId('notification-item').map((i) => i.textContent?.match(/Note \d+/)?.[0])).toEqual(all.map((n) => `Note ${n.id}`));
    expect(asked).toEqual(['/api/notifications?limit=20', '/api/notifications?limit=20&cursor=20', '/api/notifications?limit=20&cursor=40']);

    await user.click(within(list).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
    expect(within(list).queryAllByRole('img', { name: 'Unread' })).toHaveLength(0);
  });
});
