import { ArrowDown, ArrowUp, CalendarOff, Clock, Pencil, UserCheck, UserX } from 'lucide-react';
import type { StaffMember } from '@contract/staff';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { hoursSummary } from '../lib/hours';
import type { ServiceOption } from './staff-member-dialog';
import { timeOffRange } from './time-off-dialog';

export type StaffAction = 'edit' | 'hours' | 'time-off' | 'deactivate' | 'reactivate' | 'up' | 'down';

/** One member as the owner sees them: who, what they do, when they work, and what can be done. */
export function StaffMemberCard({ member, services, today, first, last, busy, onAction }: {
  member: StaffMember; services: ServiceOption[]; today: string; first: boolean; last: boolean; busy: boolean; onAction: (action: StaffAction) => void;
}) {
  const serviceNames = member.serviceIds.length === 0 ? 'All services' : services.filter((s) => member.serviceIds.includes(s.id)).map((s) => s.name).join(', ') || 'No current services';
  const timeOff = member.timeOff.filter((t) => t.endDate >= today).sort((a, b) => a.startDate.localeCompare(b.startDate));
  const n = member.name;
  return (
    <Card className={member.active ? 'p-4' : 'border-dashed bg-slate-50 p-4'} data-testid="staff-member">
      <div className="flex flex-wrap items-center gap-2">
        <p className="break-words font-semibold text-slate-900">{n}</p>
        {!member.active && <Badge variant="outline">Inactive</Badge>}
      </div>
      {member.bio && <p className="mt-1 break-words text-sm text-slate-600">{member.bio}</p>}
      <dl className="mt-2 space-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="shrink-0 text-slate-500">Services:</dt>
          <dd className="min-w-0 break-words text-slate-800">{serviceNames}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="shrink-0 text-slate-500">Hours:</dt>
          <dd className="min-w-0 break-words text-slate-800">{hoursSummary(member.hours)}</dd>
        </div>
        {timeOff.length > 0 && (
          <div className="flex gap-1.5">
            <dt className="shrink-0 text-slate-500">Time off:</dt>
            <dd className="min-w-0 break-words text-slate-800">{timeOff.map((t) => timeOffRange(t) + (t.reason ? ` (${t.reason})` : '')).join('; ')}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onAction('edit')} aria-label={`Edit ${n}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        {!member.active && (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onAction('reactivate')} aria-label={`Reactivate ${n}`}>
            <UserCheck aria-hidden="true" />
            Reactivate
          </Button>
        )}
        {member.active && (
          <>
            <Button variant="outline" size="sm" onClick={() => onAction('hours')} aria-label={`Hours for ${n}`}>
              <Clock aria-hidden="true" />
              Hours
            </Button>
            <Button variant="outline" size="sm" onClick={() => onAction('time-off')} aria-label={`Time off for ${n}`}>
              <CalendarOff aria-hidden="true" />
              Time off
            </Button>
            <Button variant="outline" size="icon" className="sm:pointer-fine:size-9" disabled={first || busy} onClick={() => onAction('up')} aria-label={`Move ${n} up`}>
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon" className="sm:pointer-fine:size-9" disabled={last || busy} onClick={() => onAction('down')} aria-label={`Move ${n} down`}>
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => onAction('deactivate')} aria-label={`Deactivate ${n}`}>
              <UserX aria-hidden="true" />
              Deactivate
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
