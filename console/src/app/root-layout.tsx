import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner.js';
import { LoginScreen } from '../features/auth/login-screen.js';
import { useAuth } from '../features/auth/use-auth.js';
import { useSessionCheck } from '../features/auth/use-session-check.js';
import { useRouteHandle } from './route-handle.js';
import { Toaster } from './toaster.js';

// The shell (navigation, its icons and dialogs) loads only for a signed-in user: the login screen stays light.
const loadAppShell = () => import('./app-shell.js');
const AppShell = lazy(() => loadAppShell().then((module) => ({ default: module.AppShell })));

/** Fetches the shell's code ahead of its first render. */
export function preloadAppShell(): void {
  void loadAppShell();
}

/** Every route's parent: the token check on start, toasts, and the "Loading..." spinner while it runs. */
export function RootLayout() {
  useSessionCheck();
  const { isLoading } = useAuth();
  return (
    <>
      {isLoading ? <LoadingSpinner fullScreen /> : <Outlet />}
      <Toaster />
    </>
  );
}

/** /login and /mobile-login: the login screen, or the dashboard for a signed-in user (spec §2.1). */
export function LoginRoute() {
  const { isAuthenticated } = useAuth();
  // Only a visit while already signed in redirects: a sign-in made here navigates on its own, to /dashboard?t=….
  const [signedInOnArrival] = useState(isAuthenticated);
  return signedInOnArrival ? <Navigate to="/dashboard" replace /> : <LoginScreen />;
}

/** The shell for a signed-in user; signed out, the login screen at any address except the public tools. */
export function SessionGate() {
  const { isAuthenticated } = useAuth();
  const handle = useRouteHandle();
  // On sign-in, the screen's code loads alongside the shell's rather than after it.
  useEffect(() => {
    if (isAuthenticated) void handle?.preload?.();
  }, [isAuthenticated, handle]);
  if (isAuthenticated) {
    return (
      <Suspense fallback={<LoadingSpinner fullScreen />}>
        <AppShell />
      </Suspense>
    );
  }
  if (!handle?.public) return <LoginScreen />;
  return (
    <main className="px-4 py-6 sm:px-6 lg:py-10">
      <Suspense fallback={<LoadingSpinner fullScreen />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
