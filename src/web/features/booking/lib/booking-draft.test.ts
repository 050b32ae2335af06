import { describe, expect, it } from 'vitest';
import { clearBookingDraft, loadBookingDraft, saveBookingDraft } from './booking-draft';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear = () => this.items.clear();
  getItem = (k: string) => this.items.get(k) ?? null;
  key = (i: number) => [...this.items.keys()][i] ?? null;
  removeItem = (k: string) => void this.items.delete(k);
  setItem = (k: string, v: string) => void this.items.set(k, v);
}

describe('booking draft', () => {
  it('keeps a draft per business until it is cleared', () => {
    const storage = new MemoryStorage();
    saveBookingDraft(7, { details: { customerName: 'Ada' }, serviceId: 3, date: '2030-01-02', time: '10:00' }, storage);
    expect(loadBookingDraft(7, storage)).toEqual({ details: { customerName: 'Ada' }, serviceId: 3, date: '2030-01-02', time: '10:00' });
    expect(loadBookingDraft(8, storage)).toBeNull();
    clearBookingDraft(7, storage);
    expect(loadBookingDraft(7, storage)).toBeNull();
  });

  it('ignores a stale or malformed draft', () => {
    const storage = new MemoryStorage();
    saveBookingDraft(7, { details: { customerName: 'Ada' } }, storage);
    expect(loadBookingDraft(7, storage, Date.now() + 2 * 60 * 60 * 1000)).toBeNull();
    storage.setItem('que:booking-draft:7', '{not json');
    expect(loadBookingDraft(7, storage)).toBeNull();
    storage.setItem('que:booking-draft:7', JSON.stringify({ savedAt: Date.now(), draft: { details: null } }));
    expect(loadBookingDraft(7, storage)).toBeNull();
  });
});
