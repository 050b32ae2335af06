import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Numbered steps; the current one is announced to screen readers. */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <nav aria-label="Booking progress" className="mb-6">
      <ol className="flex items-center gap-1 sm:gap-2">
        {steps.map((label, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          return (
            <li key={label} className="flex flex-1 items-center gap-1 sm:gap-2" aria-current={active ? 'step' : undefined}>
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold sm:size-8 sm:text-sm',
                  done && 'bg-brand-600 text-white',
                  active && 'bg-brand-600 text-white ring-4 ring-brand-100',
                  !done && !active && 'bg-slate-200 text-slate-600',
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : step}
              </span>
              <span className={cn('hidden text-sm md:inline', active ? 'font-semibold text-slate-900' : 'text-slate-500')}>{label}</span>
              <span className="sr-only md:hidden">
                {label}
                {active ? ' (current step)' : ''}
              </span>
              {step < steps.length && <span aria-hidden="true" className={cn('h-0.5 flex-1 rounded', done ? 'bg-brand-600' : 'bg-slate-200')} />}
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-sm text-slate-600 md:hidden">
        Step {current} of {steps.length}: <span className="font-medium text-slate-900">{steps[current - 1]}</span>
      </p>
    </nav>
  );
}
