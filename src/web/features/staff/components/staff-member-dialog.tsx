import { type FormEvent, useState } from 'react';
import { createStaffSchema, type StaffMember } from '@contract/staff';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/input';

export interface ServiceOption {
  id: number;
  name: string;
}
export interface MemberValues {
  name: string;
  bio: string;
  /** Empty: every service, including ones added later. */
  serviceIds: number[];
}
type Errors = Partial<Record<'name' | 'bio' | 'services', string>>;

function MemberForm({ member, services, busy, onSubmit, onCancel }: { member: StaffMember | null; services: ServiceOption[]; busy: boolean; onSubmit: (v: MemberValues) => void; onCancel: () => void }) {
  const [name, setName] = useState(member?.name ?? '');
  const [bio, setBio] = useState(member?.bio ?? '');
  const [all, setAll] = useState(!member || member.serviceIds.length === 0);
  const [picked, setPicked] = useState<number[]>(member?.serviceIds ?? []);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const serviceIds = all ? [] : services.map((s) => s.id).filter((id) => picked.includes(id));
    const parsed = createStaffSchema.safeParse({ name, bio, serviceIds });
    const next: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] === 'serviceIds' ? 'services' : (issue.path[0] as 'name' | 'bio')] ??= issue.message;
    // No service ticked would make a member nobody can book: "All services" says every one.
    if (!all && serviceIds.length === 0) next.services = 'Choose at least one service, or All services';
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    onSubmit({ name: parsed.data.name, bio: parsed.data.bio, serviceIds });
  };
  const toggle = (id: number, on: boolean) => setPicked((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const invalid = (key: keyof Errors, id: string) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `${id}-error` : undefined });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="staff-name" label="Name" error={errors.name}>
        <Input id="staff-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} {...invalid('name', 'staff-name')} />
      </Field>
      <Field id="staff-bio" label="Bio (optional)" error={errors.bio}>
        <Textarea id="staff-bio" value={bio} onChange={(e) => setBio(e.target.value)} {...invalid('bio', 'staff-bio')} />
      </Field>
      <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" aria-describedby={errors.services ? 'staff-services-error' : undefined}>
        <legend className="px-1 text-sm font-medium text-slate-900">Services they perform</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-brand-600" checked={all} onChange={(e) => setAll(e.target.checked)} />
          All services
        </label>
        {!all && (
          <ul className="space-y-2 pl-6">
            {services.map((s) => (
              <li key={s.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-brand-600" checked={picked.includes(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
                  {s.name}
                </label>
              </li>
            ))}
            {!services.length && <li className="text-sm text-slate-500">No services yet.</li>}
          </ul>
        )}
        {errors.services && (
          <p id="staff-services-error" role="alert" className="text-sm text-red-600">
            {errors.services}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {member ? 'Save changes' : 'Add member'}
        </Button>
      </div>
    </form>
  );
}

/** Add (member null) or edit a staff member: name, bio and the services they perform. */
export function StaffMemberDialog({ open, member, services, busy, onOpenChange, onSubmit }: {
  open: boolean; member: StaffMember | null; services: ServiceOption[]; busy: boolean; onOpenChange: (open: boolean) => void; onSubmit: (values: MemberValues) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={member ? 'Edit staff member' : 'Add staff member'} description={member ? `Change ${member.name}.` : 'Someone customers can book.'}>
      {open && <MemberForm key={member?.id ?? 'new'} member={member} services={services} busy={busy} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}
