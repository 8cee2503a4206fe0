import t from 'tap';
import { createTestApp } from '../helpers/app.js';

const { call, userWithToken, clock } = await createTestApp(t);
const editor = await userWithToken('admin', { username: 'edna' });
const colleague = await userWithToken('admin', { username: 'colin' });

const request = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  call(token, { method, url, ...(payload && { payload }) });

/** Each record staff edit in a form that sends every field: how to make one, a change of one field, and how to read it back. */
const records = [
  {
    noun: 'contact',
    url: '/api/medical-contacts',
    create: { name: 'Dr Stale', phone: '+44 20 7946 0101', city: 'London', region: 'England', country: 'GB' },
    theirs: { comments: 'Root: number changed, call before 9' },
    mine: { comments: 'Editor: closed on Mondays' },
    field: 'comments',
  },
  {
    noun: 'group',
    url: '/api/authorized-groups',
    create: { groupId: -1001000077777, groupName: 'Stale Clinics', dailyLimit: 3 },
    theirs: { description: 'Moved to the new building' },
    mine: { description: 'Daily limit raised for winter', dailyLimit: 7 },
    field: 'description',
  },
  {
    noun: 'template',
    url: '/api/message-templates',
    create: { name: 'Stale notice', type: 'custom', content: 'Hello {first_name}' },
    theirs: { content: 'Hello {first_name}, welcome back' },
    mine: { content: 'Hi {first_name}' },
    field: 'content',
  },
] as const;

for (const record of records) {
  t.test(`a ${record.noun}: a save over a colleague's later change is refused, and says whose`, async (t) => {
    const created = await request(editor.token, 'POST', record.url, record.create);
    t.equal(created.statusCode, 201, created.body);
    const opened = created.json() as { id: number; updatedAt: string };
    const url = `${record.url}/${opened.id}`;

    // The colleague saves first, a minute later, from a form opened at the same time.
    clock.advance(60_000);
    const theirs = await request(colleague.token, 'PATCH', url, { ...record.theirs, expectedUpdatedAt: opened.updatedAt });
    t.equal(theirs.statusCode, 200, theirs.body);

    const mine = await request(editor.token, 'PATCH', url, { ...record.mine, expectedUpdatedAt: opened.updatedAt });
    t.equal(mine.statusCode, 409, 'refused');
    t.equal(
      mine.json().message,
      `This ${record.noun} was changed by colin since you opened it. Close the form and open it again to see that change, then make yours.`,
    );
    const saved = theirs.json() as Record<string, unknown> & { updatedAt: string };
    t.equal(saved[record.field], record.theirs[record.field as keyof typeof record.theirs], "the colleague's change stands");

    clock.advance(60_000);
    const reopened = await request(editor.token, 'PATCH', url, { ...record.mine, expectedUpdatedAt: saved.updatedAt });
    t.equal(reopened.statusCode, 200, 'opened again, the save goes through');
    t.equal((reopened.json() as Record<string, unknown>)[record.field], record.mine[record.field as keyof typeof record.mine]);

    t.equal((await request(editor.token, 'PATCH', url, record.theirs)).statusCode, 200, 'a client that sends no expectedUpdatedAt saves as before');
    const bad = await request(editor.token, 'PATCH', url, { ...record.mine, expectedUpdatedAt: 'yesterday' });
    t.equal(bad.statusCode, 400);
    t.match(bad.json(), { field: 'expectedUpdatedAt', message: /ISO 8601 date and time/ });
  });
}
