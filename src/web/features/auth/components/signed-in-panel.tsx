import { Building2, CalendarDays, LayoutDashboard, LogIn, Store } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useLogout } from '../api/logout';
import { loginDestination } from './login-redirect';

/**
 * /login for someone already signed in: who they are and where they can go, never a bare form.
 * A customer sent here by the business dashboard is told why and how to register a business.
 */
export function SignedInPanel({ user, redirect }: { user: User; redirect: string | null }) {
  const logout = useLogout();
  const business = user.userType === 'business';
  const wantedDashboard = !business && redirect?.startsWith('/business-dashboard');
  const continueTo = redirect && !wantedDashboard ? loginDestination(redirect, user) : null;
  return (
    <Card>
      <CardHeader className="text-center">
        <h1 className="text-2xl font-semibold leading-tight">{wantedDashboard ? 'The dashboard is for business accounts' : "You're signed in"}</h1>
        <CardDescription>
          Signed in as <strong className="text-slate-900">{user.username}</strong>, a {business ? 'business' : 'customer'} account.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {wantedDashboard && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            The business dashboard manages a business's services, hours and appointments. To run a business on Que, register it: that creates a separate business account. Your bookings stay with this
            account.
          </p>
        )}
        <div className="grid gap-2">
          {continueTo && (
            <Button asChild>
              <Link to={continueTo}>Continue where you were</Link>
            </Button>
          )}
          {wantedDashboard && (
            <Button asChild>
              <Link to="/business-register">
                <Building2 aria-hidden="true" /> Register a business
              </Link>
            </Button>
          )}
          {business ? (
            <Button asChild variant={continueTo ? 'outline' : 'default'}>
              <Link to="/business-dashboard">
                <LayoutDashboard aria-hidden="true" /> Go to your dashboard
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild variant={continueTo || wantedDashboard ? 'outline' : 'default'}>
                <Link to="/appointments">
                  <CalendarDays aria-hidden="true" /> My Appointments
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/businesses">
                  <Store aria-hidden="true" /> Browse businesses
                </Link>
              </Button>
            </>
          )}
          {/* Signing out here stays on this page, which then shows the form for the other account. */}
          <Button variant="ghost" disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogIn aria-hidden="true" /> Sign in with another account
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
