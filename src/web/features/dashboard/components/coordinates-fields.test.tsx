import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBusiness } from '@/test/fixtures';
import { mockGeolocation, restoreGeolocation } from '@/test/geolocation';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server } from '@/test/server';
import { EditBusinessDialog } from './edit-business-dialog';
import { SettingsTab } from './settings-tab';

// The business's location in the owner's Edit details (DESIGN section 10): typed or from this device,
// both or neither, checked before anything is sent, saved through PATCH /api/businesses/:id.

afterEach(restoreGeolocation);

function Held({ business }: { business: ReturnType<typeof makeBusiness> }) {
  const [open, setOpen] = useState(true);
  return open ? <EditBusinessDialog business={business} open onOpenChange={setOpen} /> : <p>closed</p>;
}

function editor(business = makeBusiness()) {
  const sent = recorder<Record<string, unknown>>();
  server.use(http.patch(`/api/businesses/${business.id}`, async ({ request }) => HttpResponse.json({ ...business, ...(await sent.take(request)) })));
  const rendered = renderApp(<Held business={business} />);
  return { ...rendered, sent };
}

describe('the business’s coordinates', () => {
  it('refuses one without the other and numbers off the globe, then saves both as numbers', async () => {
    const { user, sent } = editor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit business details' });
    const latitude = within(dialog).getByLabelText('Latitude');
    const longitude = within(dialog).getByLabelText('Longitude');
    expect(latitude).toHaveValue('');
    await user.type(latitude, '40.7128');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Enter both latitude and longitude, or leave both empty')).toBeInTheDocument();
    expect(longitude).toHaveAttribute('aria-invalid', 'true');

    await user.type(longitude, '-200');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Longitude must be a number between -180 and 180')).toBeInTheDocument();
    await user.clear(latitude);
    await user.type(latitude, 'north');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Latitude must be a number between -90 and 90')).toBeInTheDocument();
    expect(sent.bodies).toEqual([]);

    await user.clear(latitude);
    await user.type(latitude, '40.7128');
    await user.clear(longitude);
    await user.type(longitude, '-74.0060');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Business Updated');
    expect(sent.bodies[0]).toMatchObject({ latitude: 40.7128, longitude: -74.006 });
  });

  it('emptying both clears the location (null, null)', async () => {
    const { user, sent } = editor(makeBusiness({ latitude: 40.7128, longitude: -74.006 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit business details' });
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('40.7128');
    await user.clear(within(dialog).getByLabelText('Latitude'));
    await user.clear(within(dialog).getByLabelText('Longitude'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('closed');
    expect(sent.bodies[0]).toMatchObject({ latitude: null, longitude: null });
  });

  it('“Use my current location” says what it does first, then fills both fields from the browser', async () => {
    const getPosition = mockGeolocation({ latitude: 51.5007292, longitude: -0.1246254 });
    const { user, sent } = editor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit business details' });
    await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));
    expect(within(dialog).getByRole('group', { name: 'Use my current location' })).toHaveTextContent('your browser will ask to share this device');
    expect(getPosition).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Share my location' }));
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('51.500729');
    expect(within(dialog).getByLabelText('Longitude')).toHaveValue('-0.124625');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('closed');
    expect(sent.bodies[0]).toMatchObject({ latitude: 51.500729, longitude: -0.124625 });
  });

  it('when the location is refused, says so and leaves the fields to be typed', async () => {
    mockGeolocation({ code: 1 });
    const { user } = editor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit business details' });
    await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));
    await user.click(within(dialog).getByRole('button', { name: 'Share my location' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Location access was turned down. You can allow it for this site in your browser settings and try again. You can type the coordinates instead.');
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('');
  });

  it('Settings shows the location, or Not set', async () => {
    server.use(http.get('/api/businesses/:id/hours', () => HttpResponse.json({ businessId: 1, hours: [] })));
    const { unmount } = renderApp(<SettingsTab business={makeBusiness({ latitude: 40.7128, longitude: -74.006 })} />);
    expect(screen.getByText('Location').nextElementSibling).toHaveTextContent('40.7128, -74.006');
    unmount();
    renderApp(<SettingsTab business={makeBusiness()} />);
    expect(screen.getByText('Location').nextElementSibling).toHaveTextContent('Not set');
    await screen.findByText('Bookable hours (Availability)');
  });
});
