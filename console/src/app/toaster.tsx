import { useLocation } from 'react-router-dom';
import { Toaster as Sonner } from 'sonner';
// The build drops sonner's inline <style> (the CSP refuses it); its rules come from here instead.
import 'sonner/dist/styles.css';
import { ROUTES } from '../lib/routes.js';
import { useMediaQuery } from '../lib/use-media-query.js';

/** User Management fires a toast per row action; one at a time keeps it readable (spec §9). */
function visibleToastsFor(pathname: string): number {
  return pathname === ROUTES.adminUsers.path || pathname.startsWith(`${ROUTES.adminUsers.path}/`) ? 1 : 3;
}

/** Below Tailwind's lg breakpoint the bottom bar (3.5 rem) covers the screen's foot; toasts sit above it. */
const ABOVE_BOTTOM_BAR = { bottom: 72 };

/** Toasts with spec §9's rules: bottom-right, 4 seconds, at most 3 visible. */
export function Toaster() {
  const { pathname } = useLocation();
  const bottomBarShown = useMediaQuery('(max-width: 1023.98px)');
  const offset = bottomBarShown ? ABOVE_BOTTOM_BAR : undefined;
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      visibleToasts={visibleToastsFor(pathname)}
      offset={offset}
      mobileOffset={offset}
      richColors
      closeButton
    />
  );
}
