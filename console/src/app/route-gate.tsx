import type { ReactNode } from 'react';
import { can } from '@contract/permissions.js';
import { RestrictedScreen } from '../components/access-restricted.js';
import { useAuth } from '../features/auth/use-auth.js';
import type { AppRoute } from '../lib/routes.js';

/** A screen's role check, from its route (the API refuses the same calls): its heading and the restricted notice instead. */
export function RouteGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { user } = useAuth();
  if (route.permission && route.header && route.restricted && !can(user?.role, route.permission)) {
    return <RestrictedScreen {...route.header} message={route.restricted} />;
  }
  return children;
}
