import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { passEscapeToDialog } from './escape-to-dialog';
import { currentToasts, dismissToast, subscribeToasts } from '@/lib/toast-store';

export { toast, type ToastInput } from '@/lib/toast-store';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts);
  return (
    <ToastPrimitive.Provider duration={5000}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          onEscapeKeyDown={passEscapeToDialog}
          data-testid="toast"
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
            t.variant === 'destructive' ? 'border-red-600 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className={cn('text-sm', t.variant !== 'destructive' && 'opacity-90')}>{t.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label="Dismiss" className="absolute right-1 top-1 inline-flex size-11 items-center sm:size-10 justify-center rounded opacity-70 hover:opacity-100">
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
