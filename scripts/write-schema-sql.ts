// `npm run db:schema`: migrate a scratch PostgreSQL database and write src/server/db/schema.sql from it.
// Uses DATABASE_URL, else TEST_DATABASE_URL, else the local server (postgres://postgres@127.0.0.1:5432/postgres)
// to create and drop the scratch database.
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { dumpSchema, schemaSqlPath } from '../src/server/db/schema-dump.js';

const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `que_schema_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
try {
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  writeFileSync(schemaSqlPath, dumpSchema(url.toString()));
  console.log(`wrote ${schemaSqlPath}`);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
