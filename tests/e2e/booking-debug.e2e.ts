import { it } from 'vitest';
import { newPage, PHONE, screenshot, signIn, useBrowser } from './support/browser';
useBrowser();
it('debug', async () => {
  const { page, context } = await newPage(PHONE);
  await signIn(page, 'bob');
  const { business } = { business: { id: 2 } };
  const services = await (await context.request.get('/api/businesses/2/services')).json();
  const slots = await (await context.request.get(`/api/available-slots?businessId=${business.id}&serviceId=${services[0].id}&date=2026-11-23`)).json();
  await context.request.post('/api/appointments', { data: { businessId: 2, serviceId: services[0].id, date: '2026-11-23', time: slots[0], customerName: 'B', customerEmail: 'b@example.com', customerPhone: '5', notes: 'Window seat', blockOffers: true } });
  await page.goto('/appointments');
  await page.getByTestId('appointment-card').first().waitFor();
  const wide = await page.evaluate(() => [...document.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > 376).slice(0, 15).map((e) => `${e.tagName}.${e.className.toString().slice(0, 80)} ${Math.round(e.getBoundingClientRect().right)}`));
  console.log(wide.join('\n'));
  await screenshot(page, 'debug-appointments');
  await context.close();
});
