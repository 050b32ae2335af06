import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Card = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
);
export const CardHeader = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('space-y-1.5 p-5', className)} {...props} />;
/** A card is a section of its screen, so its title is an h2 under the screen's h1; a card nested in a section passes level 3. */
export const CardTitle = ({ className, level = 2, ...props }: ComponentProps<'h2'> & { level?: 2 | 3 }) => {
  const Heading = level === 2 ? 'h2' : 'h3';
  return <Heading className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
};
export const CardDescription = ({ className, ...props }: ComponentProps<'p'>) => <p className={cn('text-sm text-slate-600', className)} {...props} />;
export const CardContent = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('p-5 pt-0', className)} {...props} />;
export const CardFooter = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('flex items-center p-5 pt-0', className)} {...props} />;

export const Badge = ({ className, variant = 'default', ...props }: ComponentProps<'span'> & { variant?: 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive' }) => (
  <span
    className={cn(
      'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
      {
        default: 'bg-brand-600 text-white',
        secondary: 'bg-slate-100 text-slate-800',
        outline: 'border border-slate-300 text-slate-700',
        success: 'bg-emerald-100 text-emerald-800',
        warning: 'bg-amber-100 text-amber-800',
        destructive: 'bg-red-100 text-red-800',
      }[variant],
      className,
    )}
    {...props}
  />
);

export const Skeleton = ({ className, ...props }: ComponentProps<'div'>) => (
  <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
);

/** An empty list, said plainly, with an optional way forward. */
export const EmptyState = ({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) => (
  <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
    <p className="font-medium text-slate-800">{title}</p>
    {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
    {children && <div className="mt-4 flex justify-center gap-2">{children}</div>}
  </div>
);
