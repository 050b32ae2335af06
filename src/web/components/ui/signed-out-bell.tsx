import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

// Apart from notification-bell.tsx: a signed-out visitor's header needs no TanStack Query (DESIGN section 8).
export const bellClass = 'relative inline-flex size-11 items-center sm:size-10 justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/** Signed out: the bell leads to sign-in; its dot toggles every 8 seconds (SPEC sections 2 and 9). */
export function SignedOutBell() {
  const [dot, setDot] = useState(true);
  useEffect(() => {
    const timer = setInterval(() => setDot((d) => !d), 8000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Link to="/login" className={bellClass} aria-label="Notifications (sign in to see them)">
      <Bell className="size-5" />
      {dot && <span data-testid="notification-dot" aria-hidden="true" className="absolute right-1.5 top-1.5 size-2 rounded-full bg-red-500" />}
    </Link>
  );
}
