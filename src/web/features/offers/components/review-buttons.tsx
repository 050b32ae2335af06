import { Button } from '@/components/ui/button';

/** The confirmation step's buttons: back to the form (nothing happened), or the one that binds. */
export function ReviewButtons({ busy, confirmLabel, busyLabel, onBack, onConfirm }: { busy: boolean; confirmLabel: string; busyLabel: string; onBack: () => void; onConfirm: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" disabled={busy} onClick={onBack}>
        Back
      </Button>
      <Button type="button" disabled={busy} onClick={onConfirm}>
        {busy ? busyLabel : confirmLabel}
      </Button>
    </div>
  );
}
