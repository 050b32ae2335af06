import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A centred card with a title and, for two-step flows, where the visitor is. */
export function RegistrationShell({ title, description, steps, current, children }: { title: string; description: string; steps?: string[]; current?: number; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
          {steps && current !== undefined && (
            <ol className="flex gap-2 pt-4" aria-label="Progress">
              {steps.map((label, i) => (
                <li key={label} className="flex-1" aria-current={i === current ? 'step' : undefined}>
                  <span className={cn('block h-1.5 rounded-full', i <= current ? 'bg-brand-600' : 'bg-slate-200')} />
                  <span className={cn('mt-2 block text-xs font-medium', i === current ? 'text-brand-700' : 'text-slate-500')}>
                    <span className="sr-only">Step {i + 1} of {steps.length}: </span>
                    <span aria-hidden="true">{i + 1}. </span>
                    {label}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
