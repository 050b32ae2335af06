// The toasts on screen, kept apart from their Radix view (toast.tsx) so that raising a toast does not
// put @radix-ui/react-toast into the first load: the view is fetched when the first toast is raised.
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// SPEC section 9: one toast visible at a time; a new one replaces the current one.
let current: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput) {
  current = [{ ...input, id: nextId++, open: true }];
  emit();
}

export function dismissToast(id: number) {
  current = current.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // A dismissed toast is removed after its exit (SPEC: remove delay 1,000,000 ms is the upper bound).
  setTimeout(() => {
    current = current.filter((t) => t.id !== id);
    emit();
  }, 300);
}

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToasts = () => current;
