import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { book } from '../appointments/test-fixtures.js';
import { type Database, openDatabase } from '../../db/client.js';
import { withDatabase } from '../../test/global-setup.js';
import { createTestDatabase, signUp, TestClient, testConfig } from '../../test/test-app.js';
import type { LiveOptions } from './live.plugin.js';
import { LiveClient, portOf, publishInTransaction, queueWorld, sessionHeaders, sleep } from './live-test-support.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function startApp(database: Database, live: Partial<LiveOptions> = {}, config: Partial<Config> = {}): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ config: testConfig(config), database, logger: false, serveWeb: false, live });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  return { app, port: portOf(app) };
}

async function testDatabase() {
  const { database, drop } = await createTestDatabase();
  cleanups.push(drop);
  return database;
}

const closed = (client: LiveClient) => new Promise<number>((resolve) => client.socket.once('close', resolve));

describe('/ws limits and lifecycle', () => {
  it('limits open sockets per address to WS_CONNECTIONS_PER_IP', async () => {
    const { app, port } = await startApp(await testDatabase(), {}, { WS_CONNECTIONS_PER_IP: 2 });
    const first = await LiveClient.open(port);
    const second = await LiveClient.open(port);
    expect(await LiveClient.refusal(port, { origin: `http://127.0.0.1:${port}` })).toBe(429);
    const gone = closed(first);
    first.close();
    await gone;
    // The server has let the closed socket go (its count per address is what the limit reads).
    await expect.poll(() => app.liveRegistry.connectionsFrom('127.0.0.1')).toBe(1);
    const third = await LiveClient.open(port);
    second.close();
    third.close();
  });

  it('terminates a socket that stops answering pings, and keeps one that answers', async () => {
    const { port } = await startApp(await testDatabase(), { heartbeatMs: 100 });
    const silent = await LiveClient.open(port, {}, { autoPong: false });
    const alive = await LiveClient.open(port);
    const silentClosed = closed(silent);
    expect(await Promise.race([silentClosed, sleep(10_000).then(() => 'still open')])).toBe(1006);
    expect(alive.socket.readyState).toBe(1);
    alive.close();
  });

  it('closes a socket whose session has ended', async () => {
    const database = await testDatabase();
    const { app, port } = await startApp(database, { heartbeatMs: 100 });
    const user = await signUp(app);
    const client = await LiveClient.open(port, sessionHeaders(user));
    const code = closed(client);
    // Two heartbeats (each checks the sessions, then pings) pass with the session alive: the socket stays.
    let pings = 0;
    client.socket.on('ping', () => pings++);
    await expect.poll(() => pings, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(client.socket.readyState).toBe(1);
    expect((await user.post('/api/logout')).statusCode).toBeLessThan(300);
    expect(await Promise.race([code, sleep(10_000).then(() => 'still open')])).toBe(1008);
  });

  it('closes the sockets of a session as it signs out, without waiting for the heartbeat', async () => {
    // The default heartbeat (30 s): only the sign-out itself can close the socket within the test.
    const { app, port } = await startApp(await testDatabase());
    const user = await signUp(app);
    const otherSession = new TestClient(app);
    expect((await otherSession.post('/api/login', { username: user.user.username, password: 'plum-orchard-42' })).statusCode).toBe(200);
    const signingOut = await LiveClient.open(port, sessionHeaders(user));
    const stays = await LiveClient.open(port, sessionHeaders(otherSession));
    const code = closed(signingOut);
    expect((await user.post('/api/logout')).statusCode).toBe(204);
    expect(await Promise.race([code, sleep(2_000).then(() => 'still open')])).toBe(1008);
    // The same user's other session (another device) keeps its socket: the sign-out's event has been
    // handled (the first socket is closed), and this one still answers a ping after it.
    const since = stays.messages.length;
    stays.send({ type: 'ping' });
    await stays.next('pong', 5_000, since);
    expect(stays.socket.readyState).toBe(1);
    // Signing out everywhere closes that one too.
    const last = closed(stays);
    expect((await otherSession.post('/api/logout?all=true')).statusCode).toBe(204);
    expect(await Promise.race([last, sleep(2_000).then(() => 'still open')])).toBe(1008);
  });

  it('closes a socket that sends a frame over the size limit with 1009, logged as a warning without a stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'warn' }), database: await testDatabase(), logger: { stream }, serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => app.close());
    const client = await LiveClient.open(portOf(app));
    const code = closed(client);
    client.send({ type: 'subscribe', businessId: 1, date: '2030-01-01', padding: 'x'.repeat(5 * 1024) });
    expect(await Promise.race([code, sleep(5_000).then(() => 'still open')])).toBe(1009);
    await expect.poll(() => lines.filter((line) => line.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH').length).toBe(1);
    const warning = lines.find((line) => line.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')!;
    expect(warning).toMatchObject({ level: 40, reason: 'Max payload size exceeded' });
    expect(JSON.stringify(warning)).not.toMatch(/stack|\bat /);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('closes sockets with 1001 when the app shuts down', async () => {
    const { app, port } = await startApp(await testDatabase());
    const client = await LiveClient.open(port);
    const code = closed(client);
    await app.close();
    expect(await code).toBe(1001);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('/ws across app processes', () => {
  /** Two apps on one PostgreSQL database, each with its own pool and LISTEN connection, as two processes. */
  async function twoProcesses() {
    const first = await testDatabase();
    const [{ name }] = ((await first.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
    const second = await openDatabase({ kind: 'postgres', url: withDatabase(process.env.TEST_DATABASE_URL!, name), poolSize: 4 });
    cleanups.push(() => second.close());
    return { first, one: await startApp(first), two: await startApp(second) };
  }

  it('delivers a change made through one process to a socket on another', async () => {
    const { first, one, two } = await twoProcesses();
    const world = await queueWorld(one.app, first);

    const client = await LiveClient.open(two.port, sessionHeaders(world.customer));
    await client.subscribe({ businessId: world.businessId, date: world.date });
    const started = Date.now();
    await publishInTransaction(first, world.event);
    expect((await client.next('queue_update', 1_000)).queueEntry).toMatchObject({ id: world.queueEntryId, isMine: true });
    expect(Date.now() - started).toBeLessThan(1_000);
    // And end to end: a booking over HTTP on the first process.
    const from = client.messages.length;
    const booked = await book(world.customer, { businessId: world.businessId, serviceId: world.serviceId, date: world.date, time: '12:00' });
    expect(booked.statusCode).toBe(201);
    expect((await client.next('queue_update', 1_000, from)).queueEntry).toMatchObject({ appointmentId: booked.json().id, isMine: true });
    client.close();
  });

  it('closes a socket on another process as its session signs out', async () => {
    const { one, two } = await twoProcesses();
    const user = await signUp(one.app);
    const client = await LiveClient.open(two.port, sessionHeaders(user));
    const code = closed(client);
    expect((await user.post('/api/logout')).statusCode).toBe(204);
    expect(await Promise.race([code, sleep(2_000).then(() => 'still open')])).toBe(1008);
  });

  it('re-opens its LISTEN connection when PostgreSQL drops it', async () => {
    const database = await testDatabase();
    const { app, port } = await startApp(database);
    const world = await queueWorld(app, database);
    const client = await LiveClient.open(port, sessionHeaders(world.customer));
    await client.subscribe({ businessId: world.businessId, date: world.date });
    const listeners = sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %que_live%' and pid <> pg_backend_pid()`;
    const pids = async () => ((await database.db.execute(listeners)) as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
    const before = await pids();
    expect(before).toHaveLength(1);
    await database.db.execute(sql`select pg_terminate_backend(pid) from (${listeners}) l`);
    // Back within the first backoff steps; events committed in between are missed by design.
    await expect.poll(async () => (await pids()).some((pid) => !before.includes(pid)), { timeout: 5_000 }).toBe(true);
    await publishInTransaction(database, world.event);
    expect((await client.next('queue_update', 1_000)).queueEntry.id).toBe(world.queueEntryId);
    client.close();
  });
});
