import { useLocation } from 'react-router';
import { Toaster as Sonner } from 'sonner';
// The build drops sonner's inline <style> (the CSP refuses it); its rules come from here instead.
import 'sonner/dist/styles.css';
import { ROUTES } from '../lib/routes.js';
import { useMediaQuery } from '../lib/use-media-query.js';

/** User Management fires a toast per row action; one at a time keeps it readable (spec §9). */
function visibleToastsFor(pathname: string): number {
  return pathname === ROUTES.adminUsers.path || pathname.startsWith(`${ROUTES.adminUsers.path}/`) ? 1 : 3;
}

/**
 * Below Tailwind's lg breakpoint the screen's foot holds the bottom bar and, with a dialog open, the
 * dialog's buttons, which a toast there covered for its 4 seconds: toasts show at the top instead.
 * The right-hand 56 px stay free, where the header's menu button and a dialog's Close button sit.
 */
const TOP_OF_SMALL_SCREEN = { top: 16, left: 12, right: 56 };

/** On phones sonner sizes a toast from the left offset alone (as if both were equal): honour the right one too. */
const PHONE_TOAST_WIDTH = 'max-[600px]:!w-[calc(100%_-_var(--mobile-offset-left)_-_var(--mobile-offset-right))]';

/** Toasts with spec §9's rules: bottom-right on desktop, 4 seconds, at most 3 visible. */
export function Toaster() {
  const { pathname } = useLocation();
  const smallScreen = useMediaQuery('(max-width: 1023.98px)');
  const offset = smallScreen ? TOP_OF_SMALL_SCREEN : undefined;
  return (
    <Sonner
      position={smallScreen ? 'top-center' : 'bottom-right'}
      duration={4000}
      visibleToasts={visibleToastsFor(pathname)}
      offset={offset}
      mobileOffset={offset}
      toastOptions={{ className: PHONE_TOAST_WIDTH }}
      richColors
      closeButton
    />
  );
}
