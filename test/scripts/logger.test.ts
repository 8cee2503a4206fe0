import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t from 'tap';
import { ConfigError, loadConfig } from '../../scripts/config.js';
import { childEnvWithoutCoverage, LOAD_TYPESCRIPT } from '../helpers/child-env.js';

const run = promisify(execFile);

t.test('LOG_FORMAT: readable lines at a terminal, JSON lines elsewhere, unless it says which', async (t) => {
  t.equal(loadConfig({}, '/srv/app', true).logFormat, 'pretty', 'a terminal gets readable lines');
  t.equal(loadConfig({}, '/srv/app', false).logFormat, 'json', 'Docker, CI and files get JSON lines');
  t.equal(loadConfig({ LOG_FORMAT: 'json' }, '/srv/app', true).logFormat, 'json');
  t.equal(loadConfig({ LOG_FORMAT: 'pretty' }, '/srv/app', false).logFormat, 'pretty');
  t.throws(() => loadConfig({ LOG_FORMAT: 'xml' }), new ConfigError(['LOG_FORMAT: LOG_FORMAT must be pretty or json']));
});

/** What the product's logger writes to standard output for one info line, in a process of its own. */
async function logOneLine(format: 'pretty' | 'json'): Promise<string> {
  const program = `
    import Fastify from 'fastify';
    import { loggerOptions } from './scripts/logger.ts';
    const app = Fastify({ logger: loggerOptions({ logLevel: 'info', logFormat: '${format}' }) });
    app.log.info({ chatId: 42 }, 'the bot answered');
    await app.close();`;
  const { stdout } = await run(process.execPath, [...LOAD_TYPESCRIPT, '--input-type=module', '-e', program], { env: childEnvWithoutCoverage() });
  return stdout;
}

t.test('the pretty format writes a line a person reads; the JSON format one object a line', async (t) => {
  const pretty = await logOneLine('pretty');
  t.match(pretty, /^\[\d\d:\d\d:\d\d\] INFO: the bot answered\n/m, 'time, level and message first');
  t.match(pretty, /chatId: 42/, 'then the fields');
  t.notMatch(pretty, /^\{/m, 'no JSON');

  const json = await logOneLine('json');
  const line = JSON.parse(json.trim().split('\n')[0]!) as Record<string, unknown>;
  t.match(line, { level: 30, msg: 'the bot answered', chatId: 42 });
});
