/**
 * The Bot Sandbox playing Telegram's web client for the Mini App (docs/architecture.md "Bot Sandbox"): the
 * launch parameters Telegram puts in the page's address, and the answers to the bridge's events, as
 * Telegram documents them (core.telegram.org/api/web-events).
 */

/** The Mini App version Telegram's web client reports: 8.0 brought the location request. */
export const WEB_APP_VERSION = '8.0';

export type FrameTheme = 'light' | 'dark';

/** Telegram Web A's own colours, light and dark. */
export const THEME_PARAMS: Record<FrameTheme, Record<string, string>> = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#707579',
    link_color: '#3390ec',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    secondary_bg_color: '#f4f4f5',
    header_bg_color: '#ffffff',
    accent_text_color: '#3390ec',
    section_bg_color: '#ffffff',
    section_header_text_color: '#3390ec',
    subtitle_text_color: '#707579',
    destructive_text_color: '#e53935',
    section_separator_color: '#e7e7e7',
    bottom_bar_bg_color: '#ffffff',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#181818',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
    section_separator_color: '#313131',
    bottom_bar_bg_color: '#212121',
  },
};

/** Where the Mini App lives in this process (api/plugins/mini-app-page.ts). */
const MINI_APP_PATH = '/app/';

/**
 * The page a web_app button's URL opens here: this process's Mini App with the URL's query (its point and
 * filters), wherever MINI_APP_URL says it is published.
 */
export function localMiniAppPath(webAppUrl: string): string {
  // Only the query is kept: the base reads a bare "?latitude=…" as a URL too.
  return `${MINI_APP_PATH}${new URL(webAppUrl, 'https://t.me').search}`;
}

/** The Mini App's address as Telegram's web client frames it: its own query, and the launch parameters in the hash. */
export function launchUrl(path: string, initData: string, theme: FrameTheme): string {
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: WEB_APP_VERSION,
    tgWebAppPlatform: 'weba',
    tgWebAppThemeParams: JSON.stringify(THEME_PARAMS[theme]),
  });
  return `${path}#${hash.toString()}`;
}

/** An event from the page to Telegram, as the bridge posts it (a JSON string). */
export interface BridgeEvent {
  eventType: string;
  eventData: Record<string, unknown>;
}

export function readBridgeEvent(data: unknown): BridgeEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = JSON.parse(data) as { eventType?: unknown; eventData?: unknown };
    if (typeof parsed.eventType !== 'string') return undefined;
    const eventData = typeof parsed.eventData === 'object' && parsed.eventData !== null ? (parsed.eventData as Record<string, unknown>) : {};
    return { eventType: parsed.eventType, eventData };
  } catch {
    return undefined;
  }
}

/** What Telegram tells the page in return (its event and payload), or nothing for events Telegram does not answer. */
export function bridgeAnswer(
  event: BridgeEvent,
  state: { theme: FrameTheme; location: { latitude: number; longitude: number } | undefined; frame: { width: number; height: number } },
): BridgeEvent | undefined {
  switch (event.eventType) {
    case 'web_app_request_theme':
      return { eventType: 'theme_changed', eventData: { theme_params: THEME_PARAMS[state.theme] } };
    case 'web_app_request_viewport':
      return { eventType: 'viewport_changed', eventData: { height: state.frame.height, width: state.frame.width, is_expanded: true, is_state_stable: true } };
    case 'web_app_check_location':
      return { eventType: 'location_checked', eventData: { available: true, access_requested: true, access_granted: state.location !== undefined } };
    case 'web_app_request_location':
      return { eventType: 'location_requested', eventData: state.location ? { available: true, ...state.location } : { available: false } };
    default:
      return undefined;
  }
}

/** A haptic event in words, for the frame to show: "impact light", "notification success", "selection". */
export function hapticLabel(eventData: Record<string, unknown>): string {
  const detail = eventData.impact_style ?? eventData.notification_type;
  return [eventData.type, detail].filter((part) => typeof part === 'string').join(' ');
}

/** The link a web_app_open_link or web_app_open_tg_link event asks Telegram to open. */
export function openedLink(event: BridgeEvent): string | undefined {
  if (event.eventType === 'web_app_open_link' && typeof event.eventData.url === 'string') return event.eventData.url;
  if (event.eventType === 'web_app_open_tg_link' && typeof event.eventData.path_full === 'string') return `https://t.me${event.eventData.path_full}`;
  return undefined;
}
