import { Link, useLocation } from 'react-router';
import { useAuth } from '../features/auth/use-auth.js';
import { UnreadCountBadge } from '../features/notifications/components/unread-count-badge.js';
import { bottomBarLinksForRole, isLinkActive } from './navigation.js';

/** Above six items the labels no longer fit a 375 px screen at the normal size (spec §2.2). */
const ROOMY_ITEM_COUNT = 6;

/** The mobile bottom bar (spec §2.2), shown below the lg breakpoint. */
export function BottomBar() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const links = bottomBarLinksForRole(user?.role);
  const labelSize = links.length > ROOMY_ITEM_COUNT ? 'text-[10px] tracking-tighter' : 'text-tremor-label';
  return (
    <nav
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-tremor-border bg-tremor-background pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid" style={{ gridTemplateColumns: `repeat(${links.length}, minmax(0, 1fr))` }}>
        {links.map((link) => {
          const active = isLinkActive(link, pathname);
          const Icon = link.icon;
          return (
            <li key={link.label} className="min-w-0">
              <Link
                to={link.path}
                aria-current={active ? 'page' : undefined}
                className={`relative flex h-14 flex-col items-center justify-center gap-0.5 font-medium ${labelSize} ${
                  active ? 'text-tremor-brand' : 'text-tremor-content hover:text-tremor-content-emphasis'
                }`}
              >
                <Icon className="h-5 w-5" aria-hidden="true" />
                <span className="whitespace-nowrap">{link.label}</span>
                {/* After the label, so it reads "Stats 3 unread"; drawn at the icon's corner. */}
                {link.badge === 'unread-notifications' ? <UnreadCountBadge className="absolute left-1/2 top-1 ml-1" /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
