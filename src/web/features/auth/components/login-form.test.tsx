import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginSchema } from '@contract/auth';
import LoginRoute from '@/routes/login';
import { makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server, signedInAs } from '@/test/server';

// The sign-in screen's rules, without a browser: validation, the failure message, where a sign-in leads
// (tests/e2e/login.e2e.ts signs in through the real form and server).

const alice = makeUser();
const owner = makeUser({ id: 3, username: 'owner', email: 'owner@example.com', userType: 'business', businessId: 1 });

/** POST /api/login signs in whoever the test accounts name; anything else is a 401. */
function answerLogins() {
  const sent = recorder<{ username: string; password: string }>();
  server.use(
    http.post('/api/login', async ({ request }) => {
      const body = loginSchema.parse(await sent.take(request));
      const user = [alice, owner].find((u) => u.username === body.username);
      return user && body.password === 'password123' ? HttpResponse.json(user) : apiError(401, 'Invalid credentials', 'UNAUTHORIZED');
    }),
  );
  return sent;
}

async function signIn(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the login screen', () => {
  it('requires both fields, says a wrong password plainly, and links to the other ways in', async () => {
    const sent = answerLogins();
    const { user } = renderApp(<LoginRoute />, { path: '/login' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    // The demo accounts are listed, each filling the form.
    for (const name of ['alice', 'bob', 'owner']) expect(screen.getByRole('button', { name: new RegExp(`Use ${name}`) })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.bodies).toEqual([]);

    await signIn(user, 'alice', 'wrong-password');
    await expectToast('Login Failed', 'Invalid username or password');
    expect(sent.bodies).toEqual([{ username: 'alice', password: 'wrong-password' }]);
    expect(screen.getByRole('link', { name: /Register as Business/ })).toHaveAttribute('href', '/business-register');
    expect(screen.getByRole('link', { name: /Continue as Customer/ })).toHaveAttribute('href', '/');
  });

  it('says what the server said when it is not a wrong password', async () => {
    server.use(http.post('/api/login', () => apiError(429, 'Too many failed logins. Try again in 15 minutes.', 'RATE_LIMITED')));
    const { user } = renderApp(<LoginRoute />, { path: '/login' });
    await signIn(user, 'alice', 'password123');
    await expectToast('Login Failed', 'Too many failed logins. Try again in 15 minutes.');
  });

  it('sends a customer to My Appointments and an owner to the dashboard, with a welcome', async () => {
    for (const [who, target] of [['alice', '/appointments'], ['owner', '/business-dashboard']] as const) {
      answerLogins();
      const { user, location, unmount } = renderApp(<LoginRoute />, { path: '/login', route: '/login' });
      await signIn(user, who, 'password123');
      await waitFor(() => expect(location()).toBe(target));
      await expectToast('Login Successful', `Welcome back, ${who}!`);
      unmount();
    }
  });

  it('a test account button fills the form', async () => {
    const sent = answerLogins();
    const { user, location } = renderApp(<LoginRoute />, { path: '/login', route: '/login' });
    await user.click(await screen.findByRole('button', { name: /Use bob/ }));
    expect(screen.getByLabelText('Username')).toHaveValue('bob');
    expect(screen.getByLabelText('Password')).toHaveValue('password123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(sent.bodies).toEqual([{ username: 'bob', password: 'password123' }]));
    expect(location()).toBe('/login'); // bob is not an account this fake server knows: a 401
  });

  it('follows a same-site redirect and ignores one to another site', async () => {
    for (const [redirect, target] of [['/queue-dashboard', '/queue-dashboard'], ['//evil.example/', '/appointments'], ['/\\evil.example', '/appointments']] as const) {
      answerLogins();
      const { user, location, unmount } = renderApp(<LoginRoute />, { path: `/login?redirect=${encodeURIComponent(redirect)}`, route: '/login' });
      await signIn(user, 'alice', 'password123');
      await waitFor(() => expect(location()).toBe(target));
      unmount();
    }
  });
});

describe('the sign-in detour from a booking', () => {
  it('offers "Create an account"; registering signs in and returns to the booking, whose address is kept', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/register', async ({ request }) => {
        const body = (await request.json()) as { username: string; email: string };
        bodies.push(body);
        const created = makeUser({ id: 40, username: body.username, email: body.email });
        signedInAs(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const booking = '/book-appointment?businessId=1&serviceId=2&date=2026-12-10&time=10:00';
    const { user, location } = renderApp(<LoginRoute />, { path: `/login?redirect=${encodeURIComponent(booking)}`, route: '/login' });
    await screen.findByRole('heading', { name: 'New to Que?' });
    expect(screen.getByText('Create a free account and your booking carries on with everything you typed.')).toBeInTheDocument();
    // "Continue as Customer" used to lead home and drop the booking; from a booking it goes back to it.
    expect(screen.queryByRole('link', { name: /Continue as Customer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to your booking/ })).toHaveAttribute('href', booking);
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    // An empty e-mail is missing, not invalid.
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(screen.getByLabelText('Username', { selector: '#detour-signup-username' }), 'grace');
    await user.type(screen.getByLabelText('Email', { selector: '#detour-signup-email' }), 'grace@example.com');
    await user.type(screen.getByLabelText('Password', { selector: '#detour-signup-password' }), 'plum-orchard-42');
    await user.type(screen.getByLabelText('Confirm Password'), 'plum-orchard-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(location()).toBe(booking));
    await expectToast('Account created successfully!');
    expect(bodies).toEqual([{ username: 'grace', email: 'grace@example.com', password: 'plum-orchard-42', userType: 'customer' }]);
  });

  it('without a booking to go back to, still offers an account and "Continue as Customer" home', async () => {
    const { user } = renderApp(<LoginRoute />, { path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Continue as Customer/ })).toHaveAttribute('href', '/');
  });
});

describe('the login screen, signed in', () => {
  it('says who is signed in instead of a form, and signs out to show the form again', async () => {
    signedInAs(alice);
    let loggedOut = false;
    server.use(
      http.post('/api/logout', () => {
        loggedOut = true;
        signedInAs(null);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(<LoginRoute />, { path: '/login' });
    await screen.findByRole('heading', { name: "You're signed in" });
    expect(screen.getByText(/a customer account/)).toHaveTextContent('Signed in as alice, a customer account.');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Appointments' })).toHaveAttribute('href', '/appointments');
    await user.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(loggedOut).toBe(true);
  });

  it('tells a customer sent by the dashboard that it is for business accounts', async () => {
    signedInAs(alice);
    renderApp(<LoginRoute />, { path: '/login?redirect=/business-dashboard' });
    await screen.findByRole('heading', { name: 'The dashboard is for business accounts' });
    expect(screen.getByRole('link', { name: 'Register a business' })).toHaveAttribute('href', '/business-register');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('points an owner to the dashboard', async () => {
    signedInAs(owner);
    renderApp(<LoginRoute />, { path: '/login' });
    expect(await screen.findByText(/a business account/)).toHaveTextContent('Signed in as owner, a business account.');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/business-dashboard');
  });
});
