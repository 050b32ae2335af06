import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../contract/phone';
import { phoneText } from './phone-text';

describe('phoneText', () => {
  it('reads a North American number as formatPhone does, and any other as stored', () => {
    expect(phoneText('+12125550142')).toBe('(212) 555-0142');
    expect(phoneText('+12125550142')).toBe(formatPhone('+12125550142'));
    expect(phoneText('+442079460958')).toBe('+442079460958');
    expect(phoneText('(555) 201-3344')).toBe('(555) 201-3344');
  });
});
