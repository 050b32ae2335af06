import { Clock } from 'lucide-react';
import type { Service } from '@contract/services';
import { formatPrice } from '@contract/money';
import { EmptyState } from '@/components/ui/card';

/** Step 1: one button per service, showing name, price, duration and description. */
export function ServiceStep({ services, selectedId, onSelect }: { services: Service[]; selectedId: number | null; onSelect: (service: Service) => void }) {
  if (services.length === 0) return <EmptyState title="No services yet" description="This business has not listed any services to book." />;
  return (
    <section aria-labelledby="service-step-title">
      <h2 id="service-step-title" className="mb-3 text-lg font-semibold">
        Select a service
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {services.map((service) => (
          <li key={service.id}>
            <button
              type="button"
              onClick={() => onSelect(service)}
              aria-pressed={selectedId === service.id}
              className="flex h-full w-full flex-col rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-brand-500 hover:shadow-md aria-pressed:border-brand-600 aria-pressed:ring-2 aria-pressed:ring-brand-100"
            >
              <span className="flex items-start justify-between gap-3">
                <span className="font-semibold text-slate-900">{service.name}</span>
                <span className="shrink-0 font-semibold text-brand-700">{formatPrice(service.price)}</span>
              </span>
              <span className="mt-1 flex items-center gap-1 text-sm text-slate-500">
                <Clock className="size-3.5" aria-hidden="true" />
                {service.duration} minutes
              </span>
              {service.description && <span className="mt-2 text-sm text-slate-600">{service.description}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
