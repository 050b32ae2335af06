import { CalendarCheck, Coins, LogIn, Mail, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { formatCentsShort } from '@contract/money';
import { RULES } from '@contract/rules';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CustomerRegisterForm } from '@/features/auth';

const benefits = [
  { icon: CalendarCheck, title: 'Manage your appointments', text: 'See, reschedule or cancel every booking in one place.' },
  { icon: Coins, title: 'Earn Que Credit', text: `Get ${formatCentsShort(RULES.bookingCreditCents)} of credit for each regular booking.` },
  { icon: Zap, title: 'Skip the line', text: 'Offer to swap for an earlier slot when time matters.' },
  { icon: Mail, title: 'Email confirmations', text: 'Receive a confirmation for every booking and change.' },
];

/** My Appointments for a visitor who is not signed in: sign in, or create a customer account here. */
export function SignedOutView() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">My Appointments</h1>
        <p className="mt-2 text-slate-600">Sign in to see your appointments, or create a free account in a few seconds.</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/login?redirect=/appointments">
            <LogIn aria-hidden="true" /> Sign In
          </Link>
        </Button>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Create a customer account</CardTitle>
            <CardDescription>New here? Register and you are signed in straight away.</CardDescription>
          </CardHeader>
          <CardContent>
            <CustomerRegisterForm />
          </CardContent>
        </Card>
        <section aria-labelledby="benefits-heading" className="self-start rounded-xl bg-brand-50 p-6">
          <h2 id="benefits-heading" className="text-lg font-semibold text-brand-700">Why create an account?</h2>
          <ul className="mt-4 space-y-5">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 shadow-sm">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <p className="font-medium text-slate-900">{title}</p>
                  <p className="text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
