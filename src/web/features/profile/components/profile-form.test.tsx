import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { updateProfileSchema } from '@contract/profile';
import AccountRoute from '@/routes/account';
import { browserLanguages } from '@/test/browser-languages';
import { makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server, signedInAs } from '@/test/server';

// The profile screen without a browser (issue 18): the saved name and phone shown as a person writes
// them, a phone checked at the field before anything is sent, what is sent, and the server's refusal
// shown at its field. tests/e2e/profile-and-forms.e2e.ts saves a profile and books with it.

const saved = makeUser({ fullName: 'Ada Lovelace', phone: '+12125550142' });

/** PATCH /api/user as the server answers it: checked by the same schema, the phone in E.164. */
function answerProfile() {
  const patches = recorder<Record<string, unknown>>();
  server.use(
    http.patch('/api/user', async ({ request }) => {
      const change = updateProfileSchema.parse(await patches.take(request));
      return HttpResponse.json({ ...saved, ...change });
    }),
  );
  return patches;
}

describe('the profile screen', () => {
  it('shows the saved name and phone, checks the phone at the field, and saves in E.164', async () => {
    signedInAs(saved);
    const patches = answerProfile();
    const { user } = renderApp(<AccountRoute />, { path: '/account', route: '/account' });
    await screen.findByRole('heading', { name: 'Your profile', level: 1 });
    expect(document.title).toBe('Your profile – Que');
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as alice (alice@example.com), a customer account.');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Phone')).toHaveValue('(212) 555-0142');
    // A US browser (happy-dom's en-US): the saved number reads nationally, and under it how it is kept.
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Will be saved as +1 212 555 0142');

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(/^Phone is not a valid phone number/)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(patches.bodies).toEqual([]);

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0958');
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await expectToast('Profile saved', 'Your next bookings will be filled in with these details.');
    expect(patches.bodies).toEqual([{ fullName: 'Ada King', phone: '+442079460958' }]);
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 7946 0958'));
  });

  it("reads a number typed without + as one of the visitor's country (the browser's en-GB), shows it as it will be saved, and sends E.164", async () => {
    browserLanguages('en-GB', 'en');
    signedInAs(makeUser({ fullName: 'Ada Lovelace', phone: '+12125550142' }));
    const patches = answerProfile();
    const { user } = renderApp(<AccountRoute />, { path: '/account', route: '/account' });
    await screen.findByRole('heading', { name: 'Your profile', level: 1 });
    const phone = screen.getByLabelText('Phone');
    // A US number is abroad for this visitor: it reads internationally.
    expect(phone).toHaveValue('+1 212 555 0142');

    await user.clear(phone);
    expect(phone).toHaveAccessibleDescription('Enter a United Kingdom phone number with its area code, or + and the country code.');
    await user.type(phone, '020 7946 0958');
    expect(phone).toHaveAccessibleDescription('Will be saved as +44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await expectToast('Profile saved', 'Your next bookings will be filled in with these details.');
    expect(patches.bodies).toEqual([{ fullName: 'Ada Lovelace', phone: '+442079460958' }]);
    // Kept, and shown again as dialled at home (the form is drawn afresh with what was saved).
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('020 7946 0958'));

    // A US number without its +1 is not a UK number: refused at the field, nothing sent.
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '(212) 555-0142');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Phone is not a valid phone number. Enter a United Kingdom phone number with its area code, or + and the country code.')).toBeInTheDocument();
    expect(patches.bodies).toHaveLength(1);
  });

  it('starts empty for a new account, and shows a refusal from the server at its field', async () => {
    signedInAs(makeUser());
    server.use(http.patch('/api/user', () => apiError(400, 'phone: Phone is not a valid phone number. Try another.', 'VALIDATION')));
    const { user } = renderApp(<AccountRoute />, { path: '/account', route: '/account' });
    await screen.findByRole('heading', { name: 'Your profile', level: 1 });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    await user.type(screen.getByLabelText('Phone'), '212 555 0199');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Phone is not a valid phone number. Try another.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveFocus());
  });

  it('sends a signed-out visitor to log in and back here', async () => {
    const { location } = renderApp(<AccountRoute />, { path: '/account', route: '/account' });
    await waitFor(() => expect(location()).toBe('/login?redirect=/account'));
  });
});
