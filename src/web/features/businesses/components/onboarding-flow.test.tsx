import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registerSchema } from '@contract/auth';
import { createBusinessSchema, createRestaurantSchema } from '@contract/businesses';
import BusinessRegisterRoute from '@/routes/business-register';
import RestaurantRegisterRoute from '@/routes/restaurant-register';
import { makeBusiness, makeRestaurant, makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server, signedInAs } from '@/test/server';

// Business and restaurant registration without a browser: each step's messages, the username checked on
// step 1, Back keeping what was typed, the restaurant's limits and defaults, and who skips the account step.
// Registering through the real app is tests/e2e/registration.e2e.ts.

/** The server side of sign-up: the username check, the account, then the business or restaurant. */
function answerSignUp(taken = ['alice', 'owner']) {
  const accounts = recorder<Record<string, unknown>>();
  const businesses = recorder<Record<string, unknown>>();
  server.use(
    http.get('/api/usernames/:username/availability', ({ params }) => HttpResponse.json({ username: params.username, available: !taken.includes(String(params.username).toLowerCase()) })),
    http.post('/api/register', async ({ request }) => {
      const body = registerSchema.parse(await accounts.take(request));
      const user = makeUser({ id: 50, username: body.username, email: body.email, userType: body.userType });
      signedInAs(user);
      return HttpResponse.json(user, { status: 201 });
    }),
    http.post('/api/businesses', async ({ request }) => {
      const body = createBusinessSchema.parse(await businesses.take(request));
      return HttpResponse.json(makeBusiness({ id: 60, businessName: body.businessName, category: body.category }), { status: 201 });
    }),
    http.post('/api/restaurants', async ({ request }) => {
      const body = createRestaurantSchema.parse(await businesses.take(request));
      return HttpResponse.json(makeRestaurant({ id: 61, businessName: body.businessName }), { status: 201 });
    }),
  );
  return { accounts, businesses };
}

describe('business registration', () => {
  it('checks the account step, says a taken username there, keeps it on Back, then checks the business', async () => {
    const { accounts, businesses } = answerSignUp();
    const { user, location } = renderApp(<BusinessRegisterRoute />, { path: '/business-register' });
    await screen.findByRole('heading', { name: 'Register your business' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // The same password rule as every registration form, stated up front by the same component.
    expect(screen.getByTestId('password-rule')).toHaveTextContent('At least 8 characters, and not a common password.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), 'ALICE');
    await user.type(screen.getByLabelText('Email'), 'alice-again@example.com');
    await user.type(screen.getByLabelText('Password'), 'plum-orchard-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByLabelText('Business name')).not.toBeVisible();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'studio-owner');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Step 2, its first field focused: the owner's name.
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveFocus());
    expect(screen.getByLabelText('Username')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toBeVisible());
    expect(screen.getByLabelText('Username')).toHaveValue('studio-owner');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await user.click(await screen.findByRole('button', { name: 'Register Business' }));
    expect(await screen.findByText('Your name is required')).toBeInTheDocument();
    expect(screen.getByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    await user.type(screen.getByLabelText('Your name'), 'Dana Reyes');
    await user.type(screen.getByLabelText('Business name'), 'Studio Flow');
    await user.selectOptions(screen.getByLabelText('Category'), 'Fitness');
    await user.type(screen.getByLabelText('Website (optional)'), 'not a url');
    // A phone is checked as a customer's is (issue 27: "abc" was accepted).
    await user.type(screen.getByLabelText('Phone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Register Business' }));
    expect(await screen.findByText('Website must be a valid URL (https://...)')).toBeInTheDocument();
    expect(screen.getByText(/^Phone is not a valid phone number/)).toBeInTheDocument();
    expect(accounts.bodies).toEqual([]);
    await user.clear(screen.getByLabelText('Website (optional)'));
    await user.type(screen.getByLabelText('Website (optional)'), 'https://studio.example');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+1 212 555 0142');
    await user.click(screen.getByRole('button', { name: 'Register Business' }));

    await expectToast('Business Registered!', 'Studio Flow is registered. Add a service to be listed in the directory.');
    await waitFor(() => expect(location()).toBe('/business-dashboard'));
    // The account is created on the final submit, just before the business.
    expect(accounts.bodies).toEqual([{ username: 'studio-owner', email: 'alice-again@example.com', password: 'plum-orchard-42', userType: 'business' }]);
    expect(businesses.bodies[0]).toMatchObject({ ownerName: 'Dana Reyes', businessName: 'Studio Flow', category: 'Fitness', website: 'https://studio.example', phone: '+12125550142' });
  });

  it('skips the account step for a business account without a business, and points one with a business to its dashboard', async () => {
    signedInAs(makeUser({ id: 51, username: 'solo', userType: 'business', businessId: null }));
    const first = renderApp(<BusinessRegisterRoute />);
    expect(await screen.findByLabelText('Business name')).toBeVisible();
    expect(screen.getByLabelText('Your name')).toHaveValue('');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    first.unmount();

    signedInAs(makeUser({ id: 3, username: 'owner', userType: 'business', businessId: 1 }));
    renderApp(<RestaurantRegisterRoute />);
    expect(await screen.findByText('Your account already has a business.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/business-dashboard');
  });

  it('tells a signed-in customer that continuing makes a separate business account', async () => {
    signedInAs(makeUser());
    renderApp(<BusinessRegisterRoute />);
    expect(await screen.findByText(/You are signed in as alice, a customer account\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeVisible();
  });
});

describe('restaurant registration', () => {
  it('starts from 8 guests and 120 minutes, and holds party size and duration to their rules', async () => {
    const { businesses } = answerSignUp();
    signedInAs(makeUser({ id: 52, username: 'chef', userType: 'business', businessId: null }));
    const { user, location } = renderApp(<RestaurantRegisterRoute />);
    const name = await screen.findByLabelText('Restaurant name');
    expect(screen.getByLabelText('Max party size')).toHaveValue(8);
    expect(screen.getByLabelText('Typical reservation duration (minutes)')).toHaveValue(120);
    for (const day of ['Monday', 'Sunday']) expect(screen.getByRole('checkbox', { name: day })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Register Restaurant' }));
    expect(await screen.findByText('Restaurant name is required')).toBeInTheDocument();
    expect(screen.getByText('Cuisine type is required')).toBeInTheDocument();
    expect(screen.getByText('Price range is required')).toBeInTheDocument();

    expect(screen.getByText('Your name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your name'), 'Chef Ana');
    await user.type(name, 'Bistro Nord');
    await user.selectOptions(screen.getByLabelText('Cuisine type'), 'French');
    await user.selectOptions(screen.getByLabelText('Price range'), '$$$');
    const party = screen.getByLabelText('Max party size');
    await user.clear(party);
    await user.type(party, '25');
    await user.click(screen.getByRole('button', { name: 'Register Restaurant' }));
    expect(await screen.findByText('Max party size must be between 1 and 20')).toBeInTheDocument();
    await user.clear(party);
    await user.type(party, '12');
    const duration = screen.getByLabelText('Typical reservation duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '100');
    await user.click(screen.getByRole('button', { name: 'Register Restaurant' }));
    expect(await screen.findByText('Reservation duration must be in steps of 15 minutes')).toBeInTheDocument();
    expect(businesses.bodies).toEqual([]);
    await user.clear(duration);
    await user.type(duration, '90');
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.type(screen.getByLabelText('Operating hours'), 'Tue-Sun 6 PM - 11 PM');
    await user.click(screen.getByRole('button', { name: 'Register Restaurant' }));
    await expectToast('Restaurant Registered!', 'Bistro Nord is now taking reservations.');
    await waitFor(() => expect(location()).toBe('/business-dashboard'));
    expect(businesses.bodies[0]).toMatchObject({ ownerName: 'Chef Ana', businessName: 'Bistro Nord', cuisineType: 'French', priceRange: '$$$', maxPartySize: 12, reservationDuration: 90, operatingHours: 'Tue-Sun 6 PM - 11 PM' });
    expect(businesses.bodies[0].openDays).toEqual([0, 2, 3, 4, 5, 6]);
  });
});
