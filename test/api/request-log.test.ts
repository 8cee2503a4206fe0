import { Writable } from 'node:stream';
import t from 'tap';
import { createTestApp } from '../helpers/app.js';

/** A logger writing JSON lines into an array, at the given level. */
function capturingLogger(level: 'info' | 'debug') {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string }));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}

t.test('at info, an answered request writes nothing', async (t) => {
  const { lines, logger } = capturingLogger('info');
  const { app } = await createTestApp(t, { logger });
  t.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
  t.strictSame(lines, []);
});

t.test('at debug, an answered request writes one line: method, path, status and time', async (t) => {
  const { lines, logger } = capturingLogger('debug');
  const { app } = await createTestApp(t, { logger });
  await app.inject({ method: 'GET', url: '/api/health' });
  await app.inject({ method: 'GET', url: '/api/no-such-thing' });
  t.equal(lines.length, 2);
  t.strictSame(lines.map((line) => line.level), [20, 20], 'debug');
  t.match(lines[0]!.msg, /^GET \/api\/health 200 \d+ ms$/);
  t.match(lines[1]!.msg, /^GET \/api\/no-such-thing 404 \d+ ms$/);
});
