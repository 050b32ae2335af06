import { createElement } from 'react';
import { staffMemberSchema, type StaffMember } from '@contract/staff';
import { expect } from 'vitest';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';
import { StaffTab } from './staff-tab';

// What the Staff tab's component tests share: a member as the API answers it, the owner's list
// served from a function, and the tab rendered as the dashboard renders it.

export const BUSINESS = 1;
export const services = [{ id: 11, name: 'Classic Haircut' }, { id: 12, name: 'Beard Trim' }];
const businessHours = [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, openTime: '09:00', closeTime: '17:00' }));

export const makeStaff = (over: Partial<StaffMember> = {}): StaffMember =>
  staffMemberSchema.parse({ id: 21, businessId: BUSINESS, name: 'Marco', bio: 'Fades and beards.', active: true, position: 1, serviceIds: [], hours: null, timeOff: [], ...over });

/** Answers the owner's list with `members()` (read at each request) and counts the requests. */
export function serveStaff(members: () => StaffMember[]) {
  const gets = { count: 0 };
  server.use(http.get(`/api/businesses/${BUSINESS}/staff`, ({ request }) => {
    expect(new URL(request.url).searchParams.get('all')).toBe('true');
    gets.count++;
    return HttpResponse.json(members());
  }));
  return gets;
}

export const renderTab = () => renderApp(createElement(StaffTab, { businessId: BUSINESS, services, businessHours, today: '2026-11-26' }));
