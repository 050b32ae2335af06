import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';

/** My Appointments for a business account: these are the owner's own bookings; the business's are on the dashboard. */
export function BusinessAccountNote({ user }: { user: User }) {
  if (user.userType !== 'business') return null;
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between" data-testid="business-account-note">
      <p>
        You're signed in as <strong>{user.username}</strong>, a business account. This page lists the bookings you made yourself, as a customer.{' '}
        {user.businessId === null ? 'Register your business to take bookings.' : "Your business's appointments are on the dashboard."}
      </p>
      <Button asChild variant="outline" size="sm" className="shrink-0">
        <Link to={user.businessId === null ? '/business-register' : '/business-dashboard?tab=appointments'}>
          <LayoutDashboard aria-hidden="true" /> {user.businessId === null ? 'Register your business' : 'Business appointments'}
        </Link>
      </Button>
    </div>
  );
}
