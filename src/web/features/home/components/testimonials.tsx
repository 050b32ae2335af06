import { ArrowRight, Quote } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const testimonials = [
  { quote: 'My dentist had a three-week wait. I offered $30 for an earlier slot and was seen the next morning.', name: 'Sarah M.', role: 'Busy parent' },
  { quote: 'I was flexible that afternoon, so I took a later haircut and earned $25. Easiest money I made all week.', name: 'James K.', role: 'Freelance designer' },
  { quote: 'Since we joined Que, no-shows are down and our calendar fills itself. Customers love the swap option.', name: 'Elena R.', role: 'Salon owner' },
];

export function Testimonials() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="stories-heading">
      <h2 id="stories-heading" className="text-center text-3xl font-bold tracking-tight">What people say</h2>
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Quote className="size-6 text-brand-500" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 text-slate-700">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold">{t.name}</span>
                <span className="text-slate-500"> · {t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FinalCallToAction() {
  return (
    <section className="px-4 pb-16">
      <div className="mx-auto max-w-6xl rounded-2xl bg-slate-900 px-6 py-12 text-center text-white sm:px-12">
        <h2 className="text-2xl font-bold sm:text-3xl">Join 12,000+ customers who have saved $2.3M+ in waiting time</h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">Find a business, book in under a minute, and skip the line whenever it matters.</p>
        <Button asChild size="lg" className="mt-8 bg-amber-400 text-slate-900 hover:bg-amber-300">
          <Link to="/businesses">
            Get Started Now <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
