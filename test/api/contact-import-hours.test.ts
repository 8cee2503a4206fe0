import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { importRequest } from '../helpers/imports.js';
import { until } from '../helpers/wait.js';

const { db, call, userWithToken } = await createTestApp(t);
const editor = await userWithToken('editor');

/** Hours as staff write them: read (lines 2–4), and refused with the likelier schedule (5, 6) or unread (7). */
const HOURS_CSV = [
  'Name,Phone,City,Region,Country,Hours',
  'Dr French Days,+380 44 555 0201,Kyiv,Kyiv,Ukraine,Lun-Ven 9h-17h',
  'Dr Ukrainian Days,+380 44 555 0202,Kyiv,Kyiv,Ukraine,Пн–Пт 9:00–18:00',
  'Dr Night,+380 44 555 0203,Kyiv,Kyiv,Ukraine,Mo-Fr 22:00-06:00',
  'Dr Nine to Five,+380 44 555 0204,Kyiv,Kyiv,Ukraine,Mon-Fri 9-5',
  'Dr Half Hour,+380 44 555 0205,Kyiv,Kyiv,Ukraine,Sa 10-10:30',
  'Dr Whenever,+380 44 555 0206,Kyiv,Kyiv,Ukraine,whenever',
].join('\n');

const REFUSED_ROWS = [
  {
    line: 5,
    status: 'error',
    errors: [{ field: 'availableHours', message: 'Available hours "Mon-Fri 9-5" would mean open overnight until 05:00. Did you mean "Mo-Fr 09:00-17:00"?' }],
  },
  {
    line: 6,
    status: 'error',
    errors: [
      {
        field: 'availableHours',
        message: 'Available hours "Sa 10-10:30" would mean open only 30 minutes, from 10:00 to 10:30. If that is meant, write it in 24-hour time with minutes: "Sa 10:00-10:30".',
      },
    ],
  },
  {
    line: 7,
    status: 'error',
    errors: [
      {
        field: 'availableHours',
        message:
          'Available hours could not be read (Unexpected token: "w"). Write the hours in opening_hours syntax, such as "Mo-Fr 09:00-18:00; Sa 10:00-14:00" or "24/7", or leave them empty.',
      },
    ],
  },
];

t.test("the import's dry run lists each row whose hours are refused, with the reason", async (t) => {
  const preview = await call(editor.token, importRequest('preview', HOURS_CSV));
  t.equal(preview.statusCode, 200, preview.body);
  t.match(preview.json(), { totalRows: 6, validRows: 3, errorRows: 3, duplicateRows: 0 });
  t.strictSame(preview.json().rows, REFUSED_ROWS);
});

t.test('the import stores the hours it reads canonically and leaves the refused rows out', async (t) => {
  const started = await call(editor.token, importRequest('import', HOURS_CSV));
  t.equal(started.statusCode, 202, started.body);
  const { importId } = started.json<{ importId: number }>();
  await until(async () => {
    const state = await call(editor.token, { method: 'GET', url: `/api/medical-contacts/imports/${importId}` });
    return state.json<{ status: string }>().status !== 'running';
  }, 'the import to finish');
  const stored = await db.sql<{ name: string; availableHours: string }[]>`SELECT name, available_hours FROM medical_contacts ORDER BY name`;
  t.strictSame(
    stored.map((row) => [row.name, row.availableHours]),
    [
      ['Dr French Days', 'Mo-Fr 09:00-17:00'],
      ['Dr Night', 'Mo-Fr 22:00-06:00'],
      ['Dr Ukrainian Days', 'Mo-Fr 09:00-18:00'],
    ],
  );
});
