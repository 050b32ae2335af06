import { cn } from '@/lib/cn';

/** An on/off switch (role="switch"): Space or Enter flips it, as a button does. */
export function Switch({ id, checked, onCheckedChange, label }: { id: string; checked: boolean; onCheckedChange: (checked: boolean) => void; label: string }) {
  return (
    <div className="flex items-center gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onCheckedChange(!checked)}
        className={cn('relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300', checked ? 'bg-brand-600' : 'bg-slate-300')}
      >
        <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')} />
      </button>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
