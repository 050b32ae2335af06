// Relative imports: this file is also loaded by the unit tests, which run without the '@' aliases.
import type { Appointment } from '../../../../contract/appointments';
import { toCents } from '../../../../contract/money';
import type { Service } from '../../../../contract/services';

export interface DashboardStats {
  todays: number;
  services: number;
  revenueCents: number;
  averageDuration: number | null;
}

/**
 * The dashboard's headline numbers. Revenue counts only completed appointments (money the
 * business has earned), and today's count leaves out cancelled ones.
 */
export function computeStats(appointments: Pick<Appointment, 'date' | 'status' | 'price'>[], services: Pick<Service, 'duration'>[], today: string): DashboardStats {
  const todays = appointments.filter((a) => a.date === today && a.status !== 'cancelled').length;
  const revenueCents = appointments.filter((a) => a.status === 'completed').reduce((sum, a) => sum + (toCents(a.price) ?? 0), 0);
  const averageDuration = services.length ? Math.round(services.reduce((sum, s) => sum + s.duration, 0) / services.length) : null;
  return { todays, services: services.length, revenueCents, averageDuration };
}
