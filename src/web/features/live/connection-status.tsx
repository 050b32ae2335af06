import { cn } from '@/lib/cn';
import type { ConnectionState } from './live-socket';

const labels: Record<ConnectionState, string> = { connected: 'Live', connecting: 'Connecting…', disconnected: 'Disconnected' };

/** The live connection's state, in words and a coloured dot. */
export function ConnectionStatus({ state, className }: { state: ConnectionState; className?: string }) {
  return (
    <span role="status" data-testid="connection-status" data-state={state} className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-slate-600', className)}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', { connected: 'bg-emerald-500', connecting: 'bg-amber-400', disconnected: 'bg-slate-400' }[state])} />
      {labels[state]}
    </span>
  );
}
