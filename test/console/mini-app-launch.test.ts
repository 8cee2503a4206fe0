import t from 'tap';
import { distanceText, kilometresBetween, nearestQuery, openingSearch, routeUrl } from '../../console/src/mini-app/launch-links.js';
import { bridgeAnswer, hapticLabel, launchUrl, localMiniAppPath, openedLink, readBridgeEvent, THEME_PARAMS } from '../../console/src/features/bot-sandbox/telegram-web-app.js';

const PARIS = { latitude: 48.8566, longitude: 2.3522 };

t.test('the page opens on the point and filters of the bot’s Map button', async (t) => {
  t.same(openingSearch('?latitude=48.85660&longitude=2.35220&specialty=dentist&openNow=1'), {
    point: { latitude: 48.8566, longitude: 2.3522 },
    filters: { specialty: 'dentist', openNow: true, myLanguages: false },
  });
  t.same(openingSearch(''), { point: undefined, filters: { specialty: undefined, openNow: false, myLanguages: false } }, 'no point: the page finds one');
  t.equal(openingSearch('?latitude=91&longitude=2').point, undefined, 'a latitude off the globe is no point');
  t.equal(openingSearch('?latitude=48&longitude=').point, undefined, 'half a point is none');
  t.equal(openingSearch('?latitude=48&longitude=2&openNow=true').filters.openNow, false, 'openNow is 1 as the button writes it');
});

t.test('the search’s query names only the filters that are on', async (t) => {
  t.equal(nearestQuery(PARIS, { specialty: undefined, openNow: false, myLanguages: false }, 0), 'latitude=48.85660&longitude=2.35220');
  t.equal(
    nearestQuery(PARIS, { specialty: 'dentist', openNow: true, myLanguages: true }, 10),
    'latitude=48.85660&longitude=2.35220&specialty=dentist&openNow=true&myLanguages=true&offset=10',
  );
});

t.test('the route opens the platform’s maps app', async (t) => {
  t.equal(routeUrl('ios', PARIS), 'https://maps.apple.com/?daddr=48.8566,2.3522');
  t.equal(routeUrl('macos', PARIS), 'https://maps.apple.com/?daddr=48.8566,2.3522');
  t.equal(routeUrl('android', PARIS), 'https://www.google.com/maps/dir/?api=1&destination=48.8566,2.3522');
  t.equal(routeUrl('weba', PARIS), 'https://www.google.com/maps/dir/?api=1&destination=48.8566,2.3522');
});

t.test('distances in the user’s number format', async (t) => {
  t.equal(distanceText('{distance} km', 1.26, 'en'), '1.3 km');
  t.equal(distanceText('{distance} km', 1.26, 'fr'), '1,3 km');
  t.equal(distanceText('à {distance} km', 12.4, 'fr'), 'à 12 km');
  t.equal(Math.round(kilometresBetween(PARIS, { latitude: 45.764, longitude: 4.8357 })), 391, 'Paris to Lyon');
});

t.test('the sandbox launches the page as Telegram’s web client does', async (t) => {
  const url = launchUrl('/app/?latitude=1&longitude=2', 'user=%7B%7D&hash=abc', 'dark');
  const [path, hash] = url.split('#');
  t.equal(path, '/app/?latitude=1&longitude=2');
  const params = new URLSearchParams(hash);
  t.equal(params.get('tgWebAppData'), 'user=%7B%7D&hash=abc', 'the signed data, encoded once more as Telegram does');
  t.equal(params.get('tgWebAppPlatform'), 'weba');
  t.equal(params.get('tgWebAppVersion'), '8.0');
  t.same(JSON.parse(params.get('tgWebAppThemeParams')!), THEME_PARAMS.dark);
});

t.test('the sandbox answers the bridge’s events as Telegram does', async (t) => {
  const state = { theme: 'light' as const, location: PARIS, frame: { width: 375, height: 667 } };
  t.same(readBridgeEvent('{"eventType":"web_app_request_theme","eventData":null}'), { eventType: 'web_app_request_theme', eventData: {} });
  t.equal(readBridgeEvent('not json'), undefined);
  t.equal(readBridgeEvent({ eventType: 'web_app_ready' }), undefined, 'the bridge posts strings');
  t.same(bridgeAnswer({ eventType: 'web_app_request_theme', eventData: {} }, state), { eventType: 'theme_changed', eventData: { theme_params: THEME_PARAMS.light } });
  t.same(bridgeAnswer({ eventType: 'web_app_check_location', eventData: {} }, state), {
    eventType: 'location_checked',
    eventData: { available: true, access_requested: true, access_granted: true },
  });
  t.same(bridgeAnswer({ eventType: 'web_app_request_location', eventData: {} }, state), {
    eventType: 'location_requested',
    eventData: { available: true, latitude: 48.8566, longitude: 2.3522 },
  });
  t.same(bridgeAnswer({ eventType: 'web_app_request_location', eventData: {} }, { ...state, location: undefined }), {
    eventType: 'location_requested',
    eventData: { available: false },
  }, 'a user who never sent a location has none to give');
  t.equal(bridgeAnswer({ eventType: 'web_app_ready', eventData: {} }, state), undefined);
  t.equal(hapticLabel({ type: 'impact', impact_style: 'light' }), 'impact light');
  t.equal(hapticLabel({ type: 'selection_change' }), 'selection_change');
  t.equal(openedLink({ eventType: 'web_app_open_link', eventData: { url: 'https://maps.apple.com/?daddr=1,2' } }), 'https://maps.apple.com/?daddr=1,2');
  t.equal(openedLink({ eventType: 'web_app_open_tg_link', eventData: { path_full: '/dr_lucie' } }), 'https://t.me/dr_lucie');
  t.equal(openedLink({ eventType: 'web_app_expand', eventData: {} }), undefined);
});

t.test('a web_app button’s URL opens this process’s Mini App with its query', async (t) => {
  t.equal(localMiniAppPath('https://bot.example.org/app/?latitude=45.74850&longitude=4.84670&specialty=dentist&openNow=1'), '/app/?latitude=45.74850&longitude=4.84670&specialty=dentist&openNow=1');
  t.equal(localMiniAppPath('?latitude=1.00000&longitude=2.00000'), '/app/?latitude=1.00000&longitude=2.00000');
  t.equal(localMiniAppPath(''), '/app/');
});
