import { ArrowDown, CalendarCheck, UtensilsCrossed, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { AnimatedCounter } from '@/components/ui/animated-counter';
import { Button } from '@/components/ui/button';

// SPEC section 1: the three animated counters.
const counters = [
  { value: 12847, label: 'Appointments booked' },
  { value: 1250, label: 'Partner businesses' },
  { value: 89500, prefix: '$', label: 'Time saved for customers' },
];

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-violet-600 text-white">
      <div aria-hidden="true" className="absolute -right-24 -top-24 size-96 rounded-full bg-white/10 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <div className="grid items-center gap-10 lg:grid-cols-[1fr_20rem]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
              <Zap className="size-4" aria-hidden="true" /> Book, reserve, or pay to skip the line
            </p>
            <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">Your time is worth more than a waiting room.</h1>
            <p className="mt-5 max-w-2xl text-lg text-brand-100">
              Book appointments and restaurant tables in seconds. In a hurry? Offer the person ahead of you a price you choose to swap slots, with your money safe in escrow until both appointments happen.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button asChild size="lg" className="bg-white text-brand-700 hover:bg-brand-50">
                <Link to="/businesses">
                  <CalendarCheck aria-hidden="true" /> Book Appointment
                </Link>
              </Button>
              <Button asChild size="lg" className="bg-white/15 text-white ring-1 ring-white/40 hover:bg-white/25">
                <Link to="/restaurant-booking">
                  <UtensilsCrossed aria-hidden="true" /> Book Reservation
                </Link>
              </Button>
              <Button asChild size="lg" className="bg-amber-400 text-slate-900 hover:bg-amber-300">
                <Link to="/quick-booking">
                  <Zap aria-hidden="true" /> Skip the Line
                </Link>
              </Button>
            </div>
          </div>
          <SwapPreview />
        </div>
        <dl className="mt-12 grid gap-4 sm:grid-cols-3">
          {counters.map((c) => (
            <div key={c.label} className="rounded-xl bg-white/10 p-5 ring-1 ring-white/20">
              <dt className="text-sm text-brand-100">{c.label}</dt>
              <dd className="mt-1 text-3xl font-bold tabular-nums">
                <AnimatedCounter value={c.value} prefix={c.prefix} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A picture of a swap offer, for large screens only; it is decoration, not a control. */
function SwapPreview() {
  return (
    <div aria-hidden="true" className="hidden rotate-1 rounded-2xl bg-white p-5 text-slate-900 shadow-2xl lg:block">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">Swap offer</p>
      <p className="mt-1 font-semibold">$30 for your 10:00 AM slot</p>
      <div className="mt-4 space-y-2 text-sm">
        <div className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2">
          <span className="text-slate-500">You have</span>
          <span className="font-medium">Today, 10:00 AM</span>
        </div>
        <ArrowDown className="mx-auto size-4 text-slate-400" />
        <div className="flex items-center justify-between rounded-lg bg-emerald-50 px-3 py-2">
          <span className="text-emerald-700">You get</span>
          <span className="font-medium">Today, 2:30 PM + $28.50</span>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2 text-center text-sm font-medium">
        <span className="rounded-md bg-brand-600 py-2 text-white">Accept</span>
        <span className="rounded-md border border-slate-300 py-2">Counter</span>
      </div>
      <p className="mt-3 text-center text-xs text-slate-500">Held in escrow until both appointments are done</p>
    </div>
  );
}
