import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as registered: the authorization-matrix and fuzz tests walk this list. */
    routeTable: RouteEntry[];
  }
}

/** Collects routes as they are added, so a new route is covered by existing tests by being registered. */
export const routeTablePlugin = fp(async (app) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({ method, url: route.url, schema: route.schema });
    }
  });
});
