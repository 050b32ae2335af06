import { Store, UtensilsCrossed } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A business account that has not registered its business yet. */
export function NoBusinessPrompt() {
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <Store className="mx-auto size-10 text-brand-500" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold">Set up your business</h1>
      <p className="mt-2 text-slate-600">Your account has no business profile yet. Register your business or restaurant to start taking bookings.</p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild>
          <Link to="/business-register">Register Business</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/restaurant-register">
            <UtensilsCrossed aria-hidden="true" />
            Register Restaurant
          </Link>
        </Button>
      </div>
    </div>
  );
}
