import { Button } from '@tremor/react';
import { useEffect, useRef, useState } from 'react';
import type { SandboxUser } from '@contract/bot-sandbox.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useMiniAppLaunch } from '../api/get-mini-app-launch.js';
import { bridgeAnswer, hapticLabel, launchUrl, openedLink, readBridgeEvent, THEME_PARAMS, type BridgeEvent, type FrameTheme } from '../telegram-web-app.js';

/** The phone sizes the frame offers: an iPhone SE, and an iPhone 14. */
const PHONES = [
  { label: '375 × 667', width: 375, height: 667 },
  { label: '390 × 844', width: 390, height: 844 },
] as const;

/** How long a haptic event's flash stays on the frame. */
const HAPTIC_FLASH_MS = 600;

interface MiniAppFrameProps {
  user: SandboxUser;
  /** The page to open (/app/ with the point and filters of its query). */
  path: string;
  /** Where the user is, as Telegram would report it to the Mini App's location request: their last location sent in the chat. */
  location: { latitude: number; longitude: number } | undefined;
  onClose: () => void;
}

/**
 * The Mini App in a phone-sized frame, with the sandbox playing Telegram's web client: launch data signed for
 * the user, the theme, the back button, haptics, links and the location request.
 */
export function MiniAppFrame({ user, path, location, onClose }: MiniAppFrameProps) {
  const [opening] = useState(() => Date.now());
  const launch = useMiniAppLaunch(user.id, opening);
  const [phone, setPhone] = useState<(typeof PHONES)[number]>(PHONES[0]);
  const [theme, setTheme] = useState<FrameTheme>('light');
  const [backVisible, setBackVisible] = useState(false);
  const [haptic, setHaptic] = useState<{ label: string; count: number }>();
  const [flash, setFlash] = useState(false);
  const [link, setLink] = useState<string>();
  const frame = useRef<HTMLIFrameElement>(null);
  // The theme goes into the address once, at launch; a switch afterwards is a theme_changed event, as in Telegram.
  const launchTheme = useRef(theme);
  // The bridge answers with what is current when the page asks, not what was when the listener was made.
  const current = useRef({ theme, location, frame: { width: phone.width, height: phone.height } });
  current.current = { theme, location, frame: { width: phone.width, height: phone.height } };

  function post(event: BridgeEvent) {
    frame.current?.contentWindow?.postMessage(JSON.stringify(event), window.location.origin);
  }

  useEffect(() => {
    function onMessage(message: MessageEvent) {
      if (message.source !== frame.current?.contentWindow) return;
      const event = readBridgeEvent(message.data);
      if (!event) return;
      if (event.eventType === 'web_app_setup_back_button') setBackVisible(event.eventData.is_visible === true);
      else if (event.eventType === 'web_app_trigger_haptic_feedback') {
        setHaptic((last) => ({ label: hapticLabel(event.eventData), count: (last?.count ?? 0) + 1 }));
        setFlash(true);
      }
      else if (event.eventType === 'web_app_close') onClose();
      const opened = openedLink(event);
      if (opened) setLink(opened);
      const answer = bridgeAnswer(event, current.current);
      if (answer) post(answer);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onClose]);

  // The flash is what a person sees of a vibration; the line under the frame keeps the last one for reading.
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(false), HAPTIC_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash, haptic]);

  function switchTheme(next: FrameTheme) {
    setTheme(next);
    post({ eventType: 'theme_changed', eventData: { theme_params: THEME_PARAMS[next] } });
  }

  return (
    <section aria-label="Mini App" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-tremor-default text-tremor-content">
          Phone{' '}
          <select
            value={phone.label}
            onChange={(event) => setPhone(PHONES.find((candidate) => candidate.label === event.target.value) ?? PHONES[0])}
            className="rounded-tremor-default border-tremor-border py-1 pl-2 pr-8 text-tremor-default"
          >
            {PHONES.map((candidate) => (
              <option key={candidate.label}>{candidate.label}</option>
            ))}
          </select>
        </label>
        <Button type="button" variant="secondary" size="xs" onClick={() => switchTheme(theme === 'light' ? 'dark' : 'light')}>
          {theme === 'light' ? 'Dark theme' : 'Light theme'}
        </Button>
        <Button type="button" variant="secondary" size="xs" onClick={onClose}>
          Close Mini App
        </Button>
      </div>
      <div
        className={`overflow-hidden rounded-[2rem] border-[10px] border-gray-900 shadow-lg transition-shadow ${flash ? 'ring-4 ring-amber-400' : ''}`}
        style={{ width: phone.width + 20 }}
      >
        <div className="flex h-10 items-center gap-2 px-3" style={{ background: THEME_PARAMS[theme].header_bg_color, color: THEME_PARAMS[theme].text_color }}>
          {backVisible ? (
            <button type="button" className="text-sm font-semibold" onClick={() => post({ eventType: 'back_button_pressed', eventData: {} })}>
              ← Back
            </button>
          ) : (
            <button type="button" className="text-sm font-semibold" onClick={onClose}>
              ✕ Close
            </button>
          )}
        </div>
        {launch.isPending ? (
          <div style={{ width: phone.width, height: phone.height }} className="grid place-items-center">
            <LoadingSpinner label="Signing the launch data..." />
          </div>
        ) : launch.isError ? (
          <div style={{ width: phone.width }} className="p-3">
            <ErrorAlert title="Could not open the Mini App" detail={errorMessage(launch.error, 'Check your connection and try again.')} />
          </div>
        ) : (
          <iframe
            ref={frame}
            title={`Mini App of ${user.firstName}`}
            src={launchUrl(path, launch.data.initData, launchTheme.current)}
            width={phone.width}
            height={phone.height}
            className="block border-0"
          />
        )}
      </div>
      <p aria-live="polite" className="min-h-5 text-tremor-default text-tremor-content">
        {haptic ? `Haptic feedback (${haptic.count}): ${haptic.label}` : null}
      </p>
      {link ? (
        <p className="text-tremor-default text-tremor-content">
          Telegram opens{' '}
          <a href={link} target="_blank" rel="noreferrer" className="text-tremor-brand underline">
            {link}
          </a>
        </p>
      ) : null}
    </section>
  );
}
