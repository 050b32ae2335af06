import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import type { Appointment } from '@contract/appointments';

import { addDays } from '@contract/time';
import { Button } from '@/components/ui/button';
import { Calendar, formatLongDate, formatShortDate, todayIso } from '@/components/ui/calendar';
import { Dialog } from '@/components/ui/dialog';
import { TimeSlotGrid } from '@/components/ui/time-slot-grid';
import { toast } from '@/components/ui/toast';
import { useAvailableSlots, useNextOpenDay, useOpenDays } from '@/features/availability';
import { useBusiness } from '@/features/businesses';
import { nextFreeByMember, useServiceStaff, useStaffAvailability, WhoChoice } from '@/features/staff';
import { errorMessage } from '@/lib/api-client';
import { formatClock, zoneLabel } from '@/lib/business-time';
import { useUpdateAppointment } from '../api/update-appointment';
import { RULES } from '@contract/rules';

function RescheduleForm({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const business = useBusiness(appointment.businessId);
  const today = todayIso(business.data?.timeZone);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  // "Who", as the booking wizard asks it where two or more members give the service: the customer's
  // member kept (the default), another by name, or anyone (then the list says who is free at each time).
  const restaurant = appointment.businessType === 'restaurant';
  const staff = useServiceStaff(appointment.businessId, restaurant ? undefined : appointment.serviceId);
  const [staffId, setStaffId] = useState<number | null>(appointment.staffId);
  const member = staff.choosing ? (staff.members.find((m) => m.id === staffId) ?? null) : null;
  const who = staff.choosing ? (member?.id ?? null) : undefined;
  // Free times on another day for the same business, service and party (the booking screens' cache).
  const partySize = restaurant ? appointment.partySize : undefined;
  const slots = useAvailableSlots(date === null ? null : { businessId: appointment.businessId, date, serviceId: appointment.serviceId, partySize, forAppointment: appointment.id, ...(member && { staffId: member.id }) });
  // Who is free at each start of the day: each member's next free time, and under "anyone", who then.
  const overview = useStaffAvailability(date !== null && staff.choosing ? { businessId: appointment.businessId, date, serviceId: appointment.serviceId } : null);
  const update = useUpdateAppointment();
  const chosen = time && slots.data?.includes(time) ? time : null;
  // The times are the business's; from another zone, the heading says whose.
  const zone = zoneLabel(appointment.timeZone);
  // Service businesses book at most 30 days ahead; restaurants have no upper bound.
  const max = appointment.businessType === 'restaurant' ? undefined : addDays(today, RULES.serviceBookingWindowDays);
  // Closed and full days greyed out, one request for the month shown (the same question as the time list).
  const [month, setMonth] = useState(appointment.date.slice(0, 7));
  const daysQuery = { businessId: appointment.businessId, serviceId: appointment.serviceId, partySize, staffId: member?.id ?? null };
  const openDays = useOpenDays({ ...daysQuery, month });
  const dayIsEmpty = date !== null && slots.data !== undefined && slots.data.length === 0;
  const nextFreeDay = useNextOpenDay(dayIsEmpty ? daysQuery : null, date);
  const pick = (d: string) => {
    setDate(d);
    setTime(null);
  };
  const choose = (id: number | null) => {
    setStaffId(id);
    setTime(null);
  };
  // Under "anyone": who is free at the chosen time (the server keeps the customer's member when they are).
  const freeThen = who === null && chosen ? (overview.data?.slots.find((s) => s.time === chosen)?.staff ?? []) : [];
  const kept = freeThen.find((s) => s.id === appointment.staffId);
  const withWhom = member ? member.name : kept ? kept.name : freeThen.length ? freeThen.map((s) => s.name).join(' or ') : null;

  const confirm = () => {
    if (!date || !chosen) return;
    update.mutate(
      { id: appointment.id, change: { date, time: chosen, ...(who !== undefined && { staffId: who }) } },
      {
        onSuccess: (moved) => {
          const served = staff.choosing && moved.staffName ? ` with ${moved.staffName}` : '';
          toast({ title: 'Appointment Rescheduled', description: `Now on ${formatLongDate(date)} at ${formatClock(chosen, appointment.timeZone)}${served}.` });
          onDone();
        },
        onError: (error) => toast({ title: 'Reschedule Failed', description: errorMessage(error, 'Failed to reschedule appointment. Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Now: {formatLongDate(appointment.date)} at {formatClock(appointment.time, appointment.timeZone)} (marked on the calendar).
      </p>
      <Calendar
        value={date}
        onChange={pick}
        min={today}
        max={max}
        today={today}
        label="New date"
        className="mx-auto border-0 p-0 sm:border sm:p-3"
        marked={appointment.date}
        onMonthChange={setMonth}
        isDateDisabled={(d) => openDays !== undefined && d.startsWith(month) && !openDays.has(d)}
        disabledNote="no free times"
      />
      {staff.choosing && (
        <WhoChoice members={staff.members} staffId={member?.id ?? null} nextFree={date ? nextFreeByMember(staff.members, overview.data?.slots) : undefined} onChange={choose} />
      )}
      {date && (
        <div>
          <TimeSlotGrid
            query={slots}
            heading={<>Available times on {formatLongDate(date)}{member ? ` with ${member.name}` : ''}{zone && ` (${zone})`}</>}
            selected={chosen}
            onSelect={setTime}
            empty={
              <div className="space-y-3 rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">
                <p>{member ? `${member.name} has no free time on this date` : 'No available slots for this date'}</p>
                {nextFreeDay && (
                  <Button size="sm" className="h-auto min-h-9 whitespace-normal py-1.5" onClick={() => pick(nextFreeDay)}>
                    Next free day: {formatLongDate(nextFreeDay)}
                  </Button>
                )}
              </div>
            }
          />
        </div>
      )}
      <div className="rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite">
        <p className="text-slate-500">Summary</p>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-slate-600">
            {formatShortDate(appointment.date)} {formatClock(appointment.time, appointment.timeZone)}
          </span>
          <ArrowRight className="size-4 text-slate-400" aria-label="to" />
          <span className="font-semibold text-slate-900">{date && chosen ? `${formatShortDate(date)} ${formatClock(chosen, appointment.timeZone)}` : 'Pick a new date and time'}</span>
        </p>
        {date && chosen && withWhom && <p className="mt-1 text-slate-600" data-testid="reschedule-with">With {withWhom}</p>}
        {date && chosen && staff.choosing && !withWhom && <p className="mt-1 text-slate-600" data-testid="reschedule-with">With whoever is free then</p>}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Keep current time
        </Button>
        <Button onClick={confirm} disabled={!date || !chosen || update.isPending}>
          {update.isPending ? 'Rescheduling…' : 'Confirm Reschedule'}
        </Button>
      </div>
    </div>
  );
}

/** Move an appointment to another free slot of the same service. */
export function RescheduleDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  return (
    <Dialog
      open={appointment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reschedule Appointment"
      // Who serves it is part of what is moved: named, as the card names them.
      description={appointment ? `${appointment.serviceName}${appointment.staffName ? ` with ${appointment.staffName}` : ''} at ${appointment.businessName}` : undefined}
      // A phone's calendar needs the width for 44 px days.
      className="w-[calc(100%-1rem)] px-3 sm:w-[calc(100%-2rem)] sm:p-6"
    >
      {appointment && <RescheduleForm key={appointment.id} appointment={appointment} onDone={onClose} />}
    </Dialog>
  );
}
