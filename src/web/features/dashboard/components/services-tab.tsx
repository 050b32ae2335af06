import { Clock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatPrice } from '@contract/money';
import type { Service } from '@contract/services';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Skeleton } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { StrandedBookingsDialog } from '@/components/ui/stranded-bookings-dialog';
import { toast } from '@/components/ui/toast';
import { useBusinessServices, useCreateService, useDeleteService, useUpdateService } from '@/features/services';
import { errorMessage } from '@/lib/api-client';
import { useStrandGuard } from '@/lib/stranded-bookings';
import { ServiceFormDialog } from './service-form-dialog';
import { ServiceOverrides } from './service-overrides';

export function ServicesTab({ businessId }: { businessId: number }) {
  const services = useBusinessServices(businessId);
  const create = useCreateService(businessId);
  const update = useUpdateService(businessId);
  const remove = useDeleteService(businessId);
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const strand = useStrandGuard();

  const save = (values: { name: string; description: string; duration: number; price: string | number }) => {
    const fail = (fallback: string) => (e: unknown) => toast({ title: fallback, description: errorMessage(e, ''), variant: 'destructive' });
    if (editing === 'new') {
      create.mutate(values, { onSuccess: (s) => { toast({ title: 'Service Created', description: `${s.name} can now be booked.` }); setEditing(null); }, onError: fail('Failed to create service') });
    } else if (editing) {
      update.mutate({ id: editing.id, input: values }, { onSuccess: (s) => { toast({ title: 'Service Updated', description: `${s.name} was saved.` }); setEditing(null); }, onError: fail('Failed to update service') });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    setDeleting(null);
    // Upcoming bookings of the service: the server lists them, and the owner keeps or cancels them.
    strand.run(remove, { id: target.id }, {
      onSuccess: () => toast({ title: 'Service Deleted', description: `${target.name} is no longer offered.` }),
      onError: (e) => toast({ title: 'Failed to delete service', description: errorMessage(e, ''), variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="services-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="services-title" className="text-lg font-semibold">
          Services
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Service
        </Button>
      </div>
      {services.isLoading ? (
        <div className="grid gap-3 sm:grid-cols-2" role="status" aria-busy="true" aria-label="Loading services">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : services.error ? (
        <ErrorState title="Failed to fetch services" message={errorMessage(services.error, '')} onRetry={() => void services.refetch()} />
      ) : !services.data?.length ? (
        <EmptyState title="No services yet" description="Add the services customers can book.">
          <Button onClick={() => setEditing('new')}>Add your first service</Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {services.data.map((s) => (
            <li key={s.id}>
              <Card className="flex h-full flex-col p-4" data-testid="service-item">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-semibold text-slate-900">{s.name}</p>
                  <p className="shrink-0 font-semibold text-brand-700">{formatPrice(s.price)}</p>
                </div>
                <p className="mt-1 flex items-center gap-1 text-sm text-slate-500">
                  <Clock className="size-3.5" aria-hidden="true" />
                  {s.duration} minutes
                </p>
                {s.description && <p className="mt-2 text-sm text-slate-600">{s.description}</p>}
                <ServiceOverrides service={s} />
                <div className="mt-auto flex gap-2 pt-3">
                  <Button variant="outline" size="sm" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="outline" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ServiceFormDialog open={editing !== null} service={editing === 'new' ? null : editing} busy={create.isPending || update.isPending} onOpenChange={(open) => !open && setEditing(null)} onSubmit={save} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this service?"
        description={deleting ? `${deleting.name} will no longer be offered. Existing appointments keep it.` : ''}
        confirmLabel="Delete Service"
        cancelLabel="Keep it"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
      <StrandedBookingsDialog guard={strand.guard} what="Deleting this service" keep busy={remove.isPending} />
    </section>
  );
}
