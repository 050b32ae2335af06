import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser';

// The built app and the API from one process: what a browser and a load balancer's health check see.
describe('serving the built web app', () => {
  it('answers every non-API path with the app shell, GET and HEAD alike', async () => {
    for (const path of ['/', '/book/1', '/no/such/page']) {
      const res = await fetch(`${baseURL()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const head = await fetch(`${baseURL()}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('serves fingerprinted assets as immutable and unknown API paths as JSON 404', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseURL()}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/api/no-such-thing', '/API/appointments', '/Api', '/api']) {
      const api = await fetch(`${baseURL()}${path}`);
      expect(api.status, path).toBe(404);
      expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Only the /api prefix itself: a page whose path merely starts with the letters is the app's.
    expect((await fetch(`${baseURL()}/apiary`)).headers.get('content-type')).toContain('text/html');
  });
});
