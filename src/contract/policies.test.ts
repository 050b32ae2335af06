import { describe, expect, it } from 'vitest';
import { defaultPolicies, effectivePolicies, formatPolicyMinutes, policySentences } from './policies.js';

describe('booking policies', () => {
  it('fills defaults under the business and the service', () => {
    expect(effectivePolicies('service', { minNoticeMinutes: 60, cancelCutoffMinutes: 1440 }, { minNoticeMinutes: 120 })).toEqual({
      ...defaultPolicies('service'), minNoticeMinutes: 120, cancelCutoffMinutes: 1440,
    });
    expect(defaultPolicies('restaurant').maxAdvanceDays).toBeNull();
  });

  it('says the policies in words', () => {
    expect([15, 120, 90, 1440, 2880].map(formatPolicyMinutes)).toEqual(['15 min', '2 h', '90 min', '24 h', '2 days']);
    expect(policySentences({ ...defaultPolicies('service'), minNoticeMinutes: 120, cancelCutoffMinutes: 1440, maxActivePerCustomer: 1 })).toEqual([
      'Needs 2 h notice', 'Free cancellation until 24 h before', 'Rescheduling until 24 h before', 'At most 1 upcoming booking per customer',
    ]);
    expect(policySentences({ ...defaultPolicies('service'), cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 60 })).toEqual([
      'Free cancellation until 24 h before', 'Rescheduling until 1 h before',
    ]);
    expect(policySentences(defaultPolicies('service'))).toEqual(['Free cancellation any time before the start']);
  });
});
