import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reminderRulesSchema } from '@contract/reminders';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server } from '@/test/server';
import { ReminderSettingsCard } from './reminder-settings-card';

// The owner's reminder e-mails (DESIGN section 11): the list as the server holds it, edited and sent whole.

const defaults = [
  { offsetMinutes: 1440, channel: 'email', active: true },
  { offsetMinutes: 120, channel: 'email', active: true },
];

describe('the reminder settings', () => {
  it('shows the rules in the units they read best in and sends the whole list', async () => {
    const sent = recorder<unknown>();
    server.use(
      http.get('/api/businesses/7/reminders', () => HttpResponse.json(defaults)),
      http.put('/api/businesses/7/reminders', async ({ request }) => HttpResponse.json(reminderRulesSchema.parse(await sent.take(request)))),
    );
    const { user } = renderApp(<ReminderSettingsCard businessId={7} />);
    expect(await screen.findByLabelText('Reminder 1: e-mail this long before the start')).toHaveValue(1);
    expect(screen.getByRole('combobox', { name: 'Reminder 1 unit' })).toHaveValue('days');
    expect(screen.getByLabelText('Reminder 2: e-mail this long before the start')).toHaveValue(2);
    expect(screen.getByRole('combobox', { name: 'Reminder 2 unit' })).toHaveValue('hours');

    await user.click(screen.getByRole('checkbox', { name: 'Reminder 2 on' }));
    await user.click(screen.getByRole('button', { name: 'Add a reminder' }));
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectToast('Reminders saved');
    expect(sent.bodies).toEqual([[
      { offsetMinutes: 1440, channel: 'email', active: true },
      { offsetMinutes: 120, channel: 'email', active: false },
      { offsetMinutes: 60, channel: 'email', active: true },
    ]]);
  });

  it('names two reminders at the same time and sends nothing', async () => {
    const sent = recorder<unknown>();
    server.use(
      http.get('/api/businesses/7/reminders', () => HttpResponse.json(defaults)),
      http.put('/api/businesses/7/reminders', async ({ request }) => HttpResponse.json((await sent.take(request)) as object)),
    );
    const { user } = renderApp(<ReminderSettingsCard businessId={7} />);
    const second = await screen.findByLabelText('Reminder 2: e-mail this long before the start');
    await user.clear(second);
    await user.type(second, '24');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Two reminders go at the same time: change or remove one.');
    expect(sent.bodies).toEqual([]);
  });
});
