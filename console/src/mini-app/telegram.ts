import {
  backButton,
  hapticFeedback,
  init,
  locationManager,
  miniApp,
  openLink,
  openTelegramLink,
  postEvent,
  retrieveLaunchParams,
  retrieveRawInitData,
  setTargetOrigin,
  themeParams,
} from '@tma.js/sdk';

/** What the page needs from Telegram's launch parameters. */
export interface Launch {
  /** The signed launch data, sent as `Authorization: tma <initData>`. */
  initData: string;
  /** tgWebAppPlatform: ios, android, weba… */
  platform: string;
  /** The Telegram app's language, until the session says the user's own. */
  languageCode: string | undefined;
}

/**
 * The frame's parent: Telegram's web client, or the console itself when the Bot Sandbox frames the page
 * (its Content-Security-Policy, api/plugins/mini-app-page.ts, allows only those two).
 */
function parentOrigin(): string | undefined {
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? undefined;
  return document.referrer ? new URL(document.referrer).origin : undefined;
}

/**
 * Starts the bridge to Telegram; undefined when the page was not opened by Telegram (no launch
 * parameters in the address).
 */
export function startTelegram(): Launch | undefined {
  let launch: Launch;
  try {
    const params = retrieveLaunchParams();
    const initData = retrieveRawInitData();
    if (!initData) return undefined;
    launch = { initData, platform: params.tgWebAppPlatform, languageCode: params.tgWebAppData?.user?.language_code };
  } catch {
    return undefined;
  }
  // The bridge posts only to Telegram's web client unless told: the sandbox frame is the console's own origin.
  if (window.parent !== window && parentOrigin() === window.location.origin) setTargetOrigin(window.location.origin);
  init();
  themeParams.mount();
  themeParams.bindCssVars();
  backButton.mount();
  miniApp.mount();
  postEvent('web_app_expand');
  return launch;
}

/** Tells Telegram the page is drawn, so it drops its placeholder. */
export function pageReady(): void {
  miniApp.ready();
}

export function closeMiniApp(): void {
  miniApp.close();
}

/** Shows Telegram's back button while `onBack` is set, and calls it when pressed. */
export function showBackButton(onBack: () => void): () => void {
  backButton.show();
  const off = backButton.onClick(onBack);
  return () => {
    off();
    backButton.hide();
  };
}

/** A light tap for actions, a success or error buzz for outcomes, a tick for a changed choice. */
export const haptic = {
  tap: () => hapticFeedback.isSupported() && hapticFeedback.impactOccurred('light'),
  success: () => hapticFeedback.isSupported() && hapticFeedback.notificationOccurred('success'),
  error: () => hapticFeedback.isSupported() && hapticFeedback.notificationOccurred('error'),
  selection: () => hapticFeedback.isSupported() && hapticFeedback.selectionChanged(),
};

/** Opens a link the way Telegram does for the platform: t.me links inside Telegram, others in the browser or the app that handles them. */
export function openUrl(url: string): void {
  if (/^https:\/\/t\.me\//.test(url)) openTelegramLink(url);
  else openLink(url);
}

/** Asks Telegram for the user's location (Bot API 8.0); undefined when they refuse or the app cannot. */
export async function requestLocation(): Promise<{ latitude: number; longitude: number } | undefined> {
  try {
    if (!locationManager.isSupported()) return undefined;
    await locationManager.mount();
    if (!locationManager.isAvailable()) return undefined;
    const location = await locationManager.requestLocation();
    return location ? { latitude: location.latitude, longitude: location.longitude } : undefined;
  } catch {
    return undefined;
  }
}
