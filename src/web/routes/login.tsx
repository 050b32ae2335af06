import { ArrowLeft, Building2, User, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CustomerRegisterForm, loginDestination, LoginForm, SignedInPanel, useUser } from '@/features/auth';
import { useDocumentTitle } from '@/lib/document-title';

export default function LoginRoute() {
  useDocumentTitle(['Sign in']);
  const { data: user } = useUser();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  // A visitor sent here from a booking (or any page) can be new: they create an account here and go back
  // to where they were, with what they typed kept (the booking draft lives in session storage).
  const [creating, setCreating] = useState(params.get('create') === '1');
  const fromBooking = !!redirect && /^\/(book|book-appointment|restaurant)([/?]|$)/.test(redirect);
  // Someone signed in is told who they are, with somewhere to go (a customer sent by the dashboard, why).
  if (user) {
    return (
      <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
        <SignedInPanel user={user} redirect={redirect} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold leading-tight">Welcome back</h1>
          <CardDescription>
            {redirect?.startsWith('/business-dashboard') ? 'Sign in with your business account to open the business dashboard.' : 'Sign in to manage your bookings or your business.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader className="pb-2 text-center">
          <h2 className="text-lg font-semibold">New to Que?</h2>
          <CardDescription>
            {fromBooking ? 'Create a free account and your booking carries on with everything you typed.' : 'Create a free customer account in a few seconds.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {creating ? (
            <CustomerRegisterForm idPrefix="detour-signup" onRegistered={(user) => void navigate(loginDestination(redirect, user), { replace: true })} />
          ) : (
            <Button className="w-full" variant="outline" onClick={() => setCreating(true)}>
              <UserPlus aria-hidden="true" /> Create an account
            </Button>
          )}
        </CardContent>
      </Card>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline">
          <Link to="/business-register">
            <Building2 aria-hidden="true" /> Register as Business
          </Link>
        </Button>
        {fromBooking && redirect ? (
          <Button asChild variant="outline">
            <Link to={redirect}>
              <ArrowLeft aria-hidden="true" /> Back to your booking
            </Link>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/">
              <User aria-hidden="true" /> Continue as Customer
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
