import { CalendarCheck, Coins, HandCoins, Zap } from 'lucide-react';
import { Badge } from '@/components/ui/card';
import { formatCentsShort } from '@contract/money';
import { RULES } from '@contract/rules';

const cards = [
  {
    title: 'Regular Booking',
    icon: CalendarCheck,
    text: `Pick a business, a service and a free time. Confirmation is instant, and every regular booking earns you ${formatCentsShort(RULES.bookingCreditCents)} of Que Credit.`,
  },
  {
    title: 'Skip the Line',
    icon: Zap,
    badge: 'Most Popular',
    text: 'Need an earlier time? Offer the customer ahead of you a price you set. If they accept, you swap slots.',
  },
  {
    title: 'Earn Money',
    icon: HandCoins,
    text: 'Flexible today? Accept an offer for your earlier slot and get paid for taking a later one.',
  },
  {
    title: 'Earn Credit',
    icon: Coins,
    badge: 'New Feature',
    text: 'Your Que Credit builds with each booking and can be spent instead of cash on your next queue jump.',
  },
];

export function HowItWorks() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="how-heading">
      <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight">Four ways to use Que</h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">Book the usual way, or trade time slots with other customers when time matters more than money.</p>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ title, icon: Icon, badge, text }) => (
          <li key={title} className={`relative rounded-xl border bg-white p-6 shadow-sm ${badge === 'Most Popular' ? 'border-brand-500 ring-2 ring-brand-100' : 'border-slate-200'}`}>
            {badge && <Badge className="absolute right-4 top-4" variant={badge === 'Most Popular' ? 'default' : 'success'}>{badge}</Badge>}
            <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
