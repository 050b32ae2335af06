import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../../contract/businesses.js';
import { createTestApp, queryRows, TestClient, type TestContext } from '../../test/test-app.js';
import { addService, type Listed } from './test-fixtures.js';

// Search by words (decision 0026): the vocabulary and each business's words follow every edit of
// what is searched, a typed word stands for its nearest words, every typed word must be found, and
// an exact word ranks before a near one.

let ctx: TestContext;
let anyone: TestClient;
let bakery: Listed;

beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
  anyone = new TestClient(ctx.app);
  await addService(ctx.app, { businessName: 'Dental Studio Nord', description: 'Cleaning and checkups' });
  await addService(ctx.app, { businessName: 'Bright Smile Dentist', description: 'Family care' });
  bakery = await addService(ctx.app, { businessName: 'Corner Bakery', category: 'Other', description: 'Bread and coffee' });
}, 120_000);
afterAll(() => ctx.close());

const names = async (q: string) => ((await anyone.get(`/api/businesses?q=${encodeURIComponent(q)}`)).json() as Business[]).map((b) => b.businessName);

/** Every business's stored words are exactly the words of its search text, and each is in the vocabulary. */
async function wordsMatchTheTexts() {
  const drift = await queryRows<{ n: number }>(ctx.database, `
    select count(*)::int as n from businesses b
     where array(select word from business_words w where w.business_id = b.id order by word) <> array(select unnest(que_search_words(b.search_text)) order by 1)`);
  expect(drift[0].n).toBe(0);
  const missing = await queryRows<{ n: number }>(ctx.database, 'select count(*)::int as n from business_words w where not exists (select 1 from search_words s where s.word = w.word)');
  expect(missing[0].n).toBe(0);
}

describe('search by words', () => {
  it('a typed word finds its nearest words; an exact word ranks before a near one', async () => {
    expect(await names('dentsit')).toEqual(expect.arrayContaining(['Bright Smile Dentist', 'Dental Studio Nord']));
    expect((await names('dentist'))[0]).toBe('Bright Smile Dentist');
    expect((await names('dental'))[0]).toBe('Dental Studio Nord');
    await wordsMatchTheTexts();
  });

  it('every typed word must be found, in any field, in any order', async () => {
    expect(await names('coffee bakery')).toEqual(['Corner Bakery']);
    expect(await names('bakery dentist')).toEqual([]);
    expect(await names('smile famly')).toEqual(['Bright Smile Dentist']);
    expect(await names('  ,;  ')).toEqual([]);
    // one-letter words stand for nothing; beyond the six longest words, the rest do not count
    expect(await names('a coffee b')).toEqual(['Corner Bakery']);
    expect(await names('coffee bread corner bakery other zzzzzzz q')).toEqual([]);
    expect(await names('coffee bread corner bakery other and zz')).toEqual(['Corner Bakery']);
  });

  it('a typo stands for words close to it as a whole: "barbr" finds barbers, not the "bar" of Noodle Bar', async () => {
    await addService(ctx.app, { businessName: 'Fade Barbers', description: 'Cuts and shaves' });
    await addService(ctx.app, { businessName: 'Classic Barbershop', description: 'Hot towel' });
    await addService(ctx.app, { businessName: 'Noodle Bar', category: 'Other', description: 'Ramen' });
    await addService(ctx.app, { businessName: 'Sushi Bar', category: 'Other', description: 'Rolls' });
    const found = await names('barbr');
    expect(found).toEqual(expect.arrayContaining(['Fade Barbers', 'Classic Barbershop']));
    expect(found).not.toContain('Noodle Bar');
    expect(found).not.toContain('Sushi Bar');
    // The word typed whole still finds the bars, and the typo cases above still hold.
    expect(await names('bar')).toEqual(expect.arrayContaining(['Noodle Bar', 'Sushi Bar']));
    expect(await names('dentsit')).toEqual(expect.arrayContaining(['Bright Smile Dentist', 'Dental Studio Nord']));
  });

  it('follows edits: a renamed business is found by its new name and no longer by the old one', async () => {
    const res = await bakery.owner.patch(`/api/businesses/${bakery.id}`, { businessName: 'Harbour Patisserie', description: 'Croissants' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('patiserie')).toEqual(['Harbour Patisserie']);
    expect(await names('bakery')).toEqual([]);
    expect(await names('coffee')).toEqual([]);
    await wordsMatchTheTexts();
  });
});
