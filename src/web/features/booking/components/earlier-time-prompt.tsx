import { Zap } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** SPEC section 2: 'want an earlier time' — offer someone booked earlier that day to swap. */
export function EarlierTimePrompt({ onSkipTheLine }: { onSkipTheLine: () => void }) {
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-700">Want an earlier time? Offer someone booked earlier to swap with you.</p>
      <Button size="sm" variant="outline" onClick={onSkipTheLine}>
        <Zap aria-hidden="true" />
        Skip the line
      </Button>
    </div>
  );
}
