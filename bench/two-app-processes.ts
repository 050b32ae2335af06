// What the follow-up benches (e-mail, reminders, waitlist) stand on: a database of their own, a local
// SMTP server and two app processes on that database, as in production behind a balancer.
import net from 'node:net';
import pg from 'pg';
import { startTestSmtpServer } from '../src/server/features/email/test-smtp-server.js';
import { FaultApp } from './fault-app.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Creates the database, the SMTP server and two (not yet started) app processes; `close` stops them and drops the database. */
export async function twoAppProcesses(label: string, env?: Record<string, string>) {
  const name = `que_${label}_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const smtp = await startTestSmtpServer();
  const apps = [
    new FaultApp({ databaseUrl: url.toString(), port: await freePort(), smtpUrl: smtp.url, env }),
    new FaultApp({ databaseUrl: url.toString(), port: await freePort(), smtpUrl: smtp.url, env }),
  ];
  const close = async () => {
    for (const app of apps) await app.stop();
    await smtp.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { databaseUrl: url.toString(), smtp, apps, close };
}
