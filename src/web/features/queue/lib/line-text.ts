import type { QueueEntry } from '@contract/live';

// DESIGN section 9: at a shop of several staff members each member serves their own line, so a
// position means "in line for Marco"; with one member (or a restaurant) the plain position says it all.

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st, 111th... */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** Whether the entry's business has several members, so its line is one member's: the screens name them. */
export const linePerMember = (e: Pick<QueueEntry, 'staffCount' | 'staffName'>) => e.staffCount > 1 && e.staffName !== null;

/** "2nd in line for Marco" at a shop of several members; null where the plain position says it all (or the entry is finished). */
export function lineText(e: Pick<QueueEntry, 'staffCount' | 'staffName' | 'queuePosition'>): string | null {
  if (!linePerMember(e) || e.queuePosition === null) return null;
  return `${ordinal(e.queuePosition)} in line for ${e.staffName}`;
}
