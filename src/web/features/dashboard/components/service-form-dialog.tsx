import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Service, serviceInputSchema } from '@contract/services';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormActions } from './dialog-form-actions';
import { Field, Input, Textarea } from '@/components/ui/input';

type FormInput = z.input<typeof serviceInputSchema>;
type FormValues = z.output<typeof serviceInputSchema>;

function ServiceForm({ service, busy, onSubmit, onCancel }: { service: Service | null; busy: boolean; onSubmit: (values: FormValues) => void; onCancel: () => void }) {
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: service ? { name: service.name, description: service.description, duration: service.duration, price: service.price } : { name: '', description: '', duration: 30, price: '' },
  });
  const { errors } = form.formState;
  const aria = (name: keyof FormInput) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `service-${name}-error` : undefined });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <Field id="service-name" label="Service name" error={errors.name?.message}>
        <Input id="service-name" {...aria('name')} {...form.register('name')} />
      </Field>
      <Field id="service-description" label="Description (optional)" error={errors.description?.message}>
        <Textarea id="service-description" {...form.register('description')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="service-duration" label="Duration (minutes)" error={errors.duration?.message}>
          {/* An empty box is "no duration", not zero, so the message says a duration is required. */}
          <Input id="service-duration" type="number" inputMode="numeric" min={5} max={720} step={5} {...aria('duration')} {...form.register('duration', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })} />
        </Field>
        <Field id="service-price" label="Price ($)" error={errors.price?.message}>
          <Input id="service-price" type="number" inputMode="decimal" min={0} step={0.01} {...aria('price')} {...form.register('price')} />
        </Field>
      </div>
      <DialogFormActions onCancel={onCancel} busy={busy} submitLabel={service ? 'Save Changes' : 'Create Service'} />
    </form>
  );
}

/** Create (service null) or edit a service. */
export function ServiceFormDialog({ open, service, busy, onOpenChange, onSubmit }: { open: boolean; service: Service | null; busy: boolean; onOpenChange: (open: boolean) => void; onSubmit: (values: FormValues) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={service ? 'Edit Service' : 'Add Service'} description={service ? `Change ${service.name}.` : 'Describe a service customers can book.'}>
      {open && <ServiceForm key={service?.id ?? 'new'} service={service} busy={busy} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}
