import { LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';

const accountKind = (user: User) => (user.userType === 'business' ? 'business account' : 'customer account');

/** Who is signed in, in the header at every width; the sign-out button here is for wide screens. */
export function SignedInBadge({ user, onSignOut, busy }: { user: User; onSignOut: () => void; busy: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      {/* Who is signed in opens their profile (name and phone for bookings). */}
      <Link
        to="/account"
        className="flex min-h-11 min-w-0 items-center sm:min-h-10 gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-200"
        title={`Your profile: signed in as ${user.username} (${accountKind(user)})`}
      >
        <UserRound className="size-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">Your profile, signed in as </span>
        <span className="max-w-[6.5rem] truncate font-medium sm:max-w-[10rem]" data-testid="signed-in-user">
          {user.username}
        </span>
      </Link>
      <Button variant="ghost" size="icon" className="hidden xl:inline-flex" aria-label="Sign out" title="Sign out" disabled={busy} onClick={onSignOut}>
        <LogOut className="size-5" />
      </Button>
    </div>
  );
}

/** The mobile menu's account line: who is signed in, their profile, and a sign-out button that says what it does. */
export function MobileAccount({ user, onSignOut, onNavigate, busy }: { user: User; onSignOut: () => void; onNavigate: () => void; busy: boolean }) {
  return (
    <div className="mt-2 flex items-center justify-between gap-3 border-t border-slate-200 pt-3">
      <p className="min-w-0 text-sm text-slate-600">
        Signed in as <span className="break-all font-medium text-slate-900">{user.username}</span>
        <span className="block text-xs">{accountKind(user)}</span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to="/account" onClick={onNavigate}>
            <UserRound aria-hidden="true" /> Profile
          </Link>
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={onSignOut}>
          <LogOut aria-hidden="true" /> Sign out
        </Button>
      </div>
    </div>
  );
}
