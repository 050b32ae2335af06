import { Bell, CalendarCheck, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { MobileAccount, SignedInBadge } from './user-menu';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';
import { useSignOut } from './use-sign-out';
import { bellClass, SignedOutBell } from '@/components/ui/signed-out-bell';
import { cn } from '@/lib/cn';
import { useSessionUser } from '@/lib/session-store';
import type { User } from '@contract/auth';

// The signed-in bell asks for notifications through TanStack Query, so it comes in its own chunk with the
// query layer: a signed-out visitor's home page loads neither (DESIGN section 8).
const SignedInBell = lazy(async () => {
  const [{ NotificationBell }, { default: QueryLayer }] = await Promise.all([import('@/features/notifications'), import('@/lib/query-layer')]);
  return { default: () => <QueryLayer><NotificationBell /></QueryLayer> };
});

type MenuLink = { to: string; label: string };
const home = { to: '/', label: 'Home' };
const browse: MenuLink[] = [
  { to: '/businesses', label: 'Businesses' },
  { to: '/restaurant-booking', label: 'Book Reservation' },
  { to: '/quick-booking', label: 'Skip the Line' },
];

/**
 * Each menu shows what the person looking at it can do, and nothing else (issue 27; SPEC section 2 listed
 * every link to everyone, which sent customers to a dashboard they cannot open and signed-in people to a
 * login form). Signed out: browse, sign in, register a business. A customer: browse, their bookings and
 * queue. An owner: their dashboard, browse, and the bookings they made themselves.
 */
export function navLinksFor(user: User | null | undefined): MenuLink[] {
  if (!user) return [home, ...browse, { to: '/login', label: 'Login' }, { to: '/business-register', label: 'Register Business' }];
  if (user.userType === 'business') return [home, { to: '/business-dashboard', label: 'Dashboard' }, ...browse, { to: '/appointments', label: 'My Appointments' }];
  return [home, ...browse, { to: '/appointments', label: 'My Appointments' }, { to: '/queue-dashboard', label: 'Queue' }];
}

export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const user = useSessionUser();
  const navLinks = navLinksFor(user);
  // Here, not in the menus: the shell stays mounted while sign-out moves to the home page.
  const { signOut, pending: signingOut } = useSignOut();
  useScrollToTopOnNavigate();
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-2.5 py-1.5 text-sm font-medium', isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900');
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first stop for keyboard users: past the header links straight to the screen. */}
      <a href="#main-content" className="sr-only rounded-md bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50">
        Skip to main content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
            <CalendarCheck className="size-6" aria-hidden="true" />
            Que
          </Link>
          <nav aria-label="Main" className="hidden flex-1 flex-wrap items-center justify-center gap-0.5 xl:flex">
            {navLinks.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === '/'} className={linkClass}>
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-1">
            {user ? (
              <Suspense fallback={<span className={bellClass}><Bell className="size-5" /></span>}>
                <SignedInBell />
              </Suspense>
            ) : (
              <SignedOutBell />
            )}
            {user && <SignedInBadge user={user} onSignOut={signOut} busy={signingOut} />}
            <Button variant="ghost" size="icon" className="xl:hidden" aria-label={menuOpen ? 'Close menu' : 'Open menu'} aria-expanded={menuOpen} aria-controls="mobile-menu" onClick={() => setMenuOpen((o) => !o)}>
              {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
            </Button>
          </div>
        </div>
        {menuOpen && (
          <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 py-2 xl:hidden">
            {navLinks.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === '/'} className={(s) => cn(linkClass(s), 'block py-3')} onClick={() => setMenuOpen(false)}>
                {l.label}
              </NavLink>
            ))}
            {user && (
              <MobileAccount
                user={user}
                busy={signingOut}
                onNavigate={() => setMenuOpen(false)}
                onSignOut={() => {
                  setMenuOpen(false);
                  signOut();
                }}
              />
            )}
          </nav>
        )}
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-500">© {new Date().getFullYear()} Que. Book, reserve, skip the line.</footer>
    </div>
  );
}
