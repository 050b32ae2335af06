import { BellRing, HandCoins, ShieldCheck, Wallet } from 'lucide-react';
import { formatCentsShort } from '@contract/money';
import { RULES } from '@contract/rules';

// SPEC section 1: the four marketing claims, and the static figures beside them.
const claims = [
  { icon: HandCoins, title: 'You set the price', text: 'Customers decide what an earlier slot is worth to them. No fixed surcharges, no auctions.' },
  { icon: ShieldCheck, title: 'Escrow protection', text: `Payment is held in escrow with a ${formatCentsShort(RULES.businessFeeCents)} business fee and released only once both appointments are completed.` },
  { icon: Wallet, title: `${formatCentsShort(RULES.bookingCreditCents)} credit per booking`, text: `Each regular booking earns ${formatCentsShort(RULES.bookingCreditCents)} of Que Credit, usable instead of cash for queue jumping.` },
  { icon: BellRing, title: 'Instant notifications', text: 'Offers, counter-offers and confirmations reach you the moment they happen.' },
];

const figures = [
  { value: '10K+', label: 'Queue jumps' },
  { value: '500+', label: 'Partners' },
  { value: '$50', label: 'Average saving' },
  { value: '4.9', label: 'Customer rating' },
];

export function WhyQue() {
  return (
    <section className="border-y border-slate-200 bg-white" aria-labelledby="why-heading">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 lg:grid-cols-2">
        <div>
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight">Skipping the line, done fairly</h2>
          <ul className="mt-8 space-y-6">
            {claims.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-2 content-center gap-4">
          {figures.map((f) => (
            <div key={f.label} className="flex flex-col-reverse justify-center rounded-xl bg-slate-50 p-6 text-center ring-1 ring-slate-200">
              <dt className="mt-1 text-sm text-slate-600">{f.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-600">{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
