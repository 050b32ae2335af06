import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectToast } from '@/test/render';
import { apiError, http, HttpResponse, server } from '@/test/server';
import { makeStaff, renderTab, serveStaff } from './staff-test-support';

// Deactivating a member (DESIGN section 9): refused while they have upcoming appointments, then
// done by moving those to the others; the last active member's refusal is shown as an error.

describe('deactivating a member', () => {
  it('shows the refusal for upcoming appointments, offers to move them, and says how many moved', async () => {
    let members = [makeStaff(), makeStaff({ id: 22, name: 'Ana', position: 2 })];
    serveStaff(() => members);
    const calls: string[] = [];
    server.use(http.delete('/api/staff/21', ({ request }) => {
      const reassign = new URL(request.url).searchParams.get('reassign') === 'true';
      calls.push(reassign ? 'reassign' : 'plain');
      if (!reassign) return apiError(409, 'Marco has 2 upcoming appointments: reassign them or cancel them first', 'CONFLICT');
      members = members.map((m) => (m.id === 21 ? { ...m, active: false } : m));
      return HttpResponse.json({ deactivated: true, reassigned: 2 });
    }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Marco?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    const offer = await screen.findByRole('alertdialog', { name: 'Marco has upcoming appointments' });
    expect(within(offer).getByText('Marco has 2 upcoming appointments: reassign them or cancel them first')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Move their appointments to others and deactivate' }));
    await expectToast('Staff member deactivated', 'Marco was deactivated; 2 appointments moved to others.');
    expect(calls).toEqual(['plain', 'reassign']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const marco = (await screen.findAllByTestId('staff-member'))[0];
    expect(await within(marco).findByText('Inactive')).toBeInTheDocument();
  });

  it('shows the last-member refusal as an error, with nothing to move', async () => {
    serveStaff(() => [makeStaff()]);
    server.use(http.delete('/api/staff/21', () => apiError(409, 'Marco is the only active staff member of this business: add another before removing them', 'CONFLICT')));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    await expectToast('Failed to deactivate staff member', 'Marco is the only active staff member of this business: add another before removing them');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
