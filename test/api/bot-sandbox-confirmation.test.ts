import t from 'tap';
import type { SandboxExchange, SandboxMessage } from '../../api/contract/bot-sandbox.js';
import { aContactAt, createSandboxApp } from '../helpers/sandbox.js';

// The Bot Sandbox plays the clinic: a confirmation link pasted in a user's private chat is opened as a
// Telegram app opens it (/start with its parameter), so staff can try the whole flow without a phone.
t.test('a confirmation link pasted in the sandbox opens the listing as that user', async (t) => {
  const api = await createSandboxApp(t);
  const editor = (await api.userWithToken('editor')).token;
  const contactId = await aContactAt(api.bot.sql, { name: 'Clinique du Parc', city: 'Paris', country: 'FR', latitude: 48.8566, longitude: 2.3522 });
  const link = (await api.call(editor, { method: 'POST', url: `/api/medical-contacts/${contactId}/confirmation-link` })).json() as { url: string };
  t.match(link.url, /^https:\/\/t\.me\/simulated_bot\?start=v_/);

  const opened = await api.call(editor, { method: 'POST', url: '/api/bot-sandbox/messages', payload: { userId: 556001, firstName: 'Clinic', text: link.url } });
  t.equal(opened.statusCode, 200, opened.body);
  const [question] = (opened.json() as SandboxExchange).replies as [SandboxMessage];
  t.match(question.text, /^This is how the bot shows your listing to the people who ask it:\n\n<b>Clinique du Parc<\/b>/);
  t.match(question.text, /<b>Is this still right\?<\/b>$/);
  const history = (await api.call(editor, { method: 'GET', url: '/api/bot-sandbox/chats/556001/messages' })).json() as SandboxMessage[];
  t.match(history.at(-2), { from: { isBot: false }, text: `/start ${link.url.split('start=')[1]}` }, 'sent as the app sends it');

  const again = await api.call(editor, { method: 'POST', url: '/api/bot-sandbox/messages', payload: { userId: 556002, firstName: 'Other', text: link.url } });
  t.strictSame((again.json() as SandboxExchange).replies.map((reply) => reply.text), ["This link is no longer valid; ask the directory's staff for a new one."], 'used once');
  const otherBot = await api.call(editor, { method: 'POST', url: '/api/bot-sandbox/messages', payload: { userId: 556002, text: 'https://t.me/another_bot?start=v_abc' } });
  t.notMatch((otherBot.json() as SandboxExchange).replies.map((reply) => reply.text).join(), /no longer valid/, "another bot's link is plain text");
});
