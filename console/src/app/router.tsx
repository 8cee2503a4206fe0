import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundScreen } from './not-found-screen.js';
import { LoginRoute, RootLayout, SessionGate } from './root-layout.js';
import type { RouteHandle } from './route-handle.js';

const DashboardScreen = lazy(() =>
  import('../features/dashboard/dashboard-screen.js').then((module) => ({ default: module.DashboardScreen })),
);
const SettingsScreen = lazy(() =>
  import('../features/settings/settings-screen.js').then((module) => ({ default: module.SettingsScreen })),
);
const UserManagementScreen = lazy(() =>
  import('../features/admin-users/user-management-screen.js').then((module) => ({ default: module.UserManagementScreen })),
);
const MedicalContactsScreen = lazy(() =>
  import('../features/medical-contacts/medical-contacts-screen.js').then((module) => ({ default: module.MedicalContactsScreen })),
);
const BroadcastsScreen = lazy(() =>
  import('../features/broadcasts/broadcasts-screen.js').then((module) => ({ default: module.BroadcastsScreen })),
);
const MessageTemplatesScreen = lazy(() =>
  import('../features/message-templates/message-templates-screen.js').then((module) => ({ default: module.MessageTemplatesScreen })),
);
const BotUsersScreen = lazy(() =>
  import('../features/bot-users/bot-users-screen.js').then((module) => ({ default: module.BotUsersScreen })),
);
const BotLogsScreen = lazy(() => import('../features/bot-logs/bot-logs-screen.js').then((module) => ({ default: module.BotLogsScreen })));
const BotSandboxScreen = lazy(() =>
  import('../features/bot-sandbox/bot-sandbox-screen.js').then((module) => ({ default: module.BotSandboxScreen })),
);
const AccessControlScreen = lazy(() =>
  import('../features/access-control/access-control-screen.js').then((module) => ({ default: module.AccessControlScreen })),
);
const NotificationsScreen = lazy(() =>
  import('../features/notifications/notifications-screen.js').then((module) => ({ default: module.NotificationsScreen })),
);
const AnalyticsScreen = lazy(() => import('../features/analytics/analytics-screen.js').then((module) => ({ default: module.AnalyticsScreen })));
const GeographicAnalyticsScreen = lazy(() =>
  import('../features/geographic-analytics/geographic-analytics-screen.js').then((module) => ({ default: module.GeographicAnalyticsScreen })),
);
const ContactAnalyticsScreen = lazy(() =>
  import('../features/contact-analytics/contact-analytics-screen.js').then((module) => ({ default: module.ContactAnalyticsScreen })),
);
const LoginDebugScreen = lazy(() =>
  import('../features/debug/login-debug-screen.js').then((module) => ({ default: module.LoginDebugScreen })),
);
const MobileTestScreen = lazy(() =>
  import('../features/debug/mobile-test-screen.js').then((module) => ({ default: module.MobileTestScreen })),
);

function route(path: string, handle: RouteHandle, element: RouteObject['element']): RouteObject {
  return { path, handle, element };
}

/** The route table of spec §2.1. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/login', element: <LoginRoute /> },
        { path: '/mobile-login', element: <LoginRoute /> },
        {
          element: <SessionGate />,
          children: [
            route('/users', { title: 'Bot Users' }, <BotUsersScreen />),
            route('/', { title: 'Dashboard' }, <DashboardScreen />),
            route('/dashboard', { title: 'Dashboard' }, <DashboardScreen />),
            route('/medical-contacts', { title: 'Medical Contacts Database' }, <MedicalContactsScreen />),
            route('/templates', { title: 'Message Templates' }, <MessageTemplatesScreen />),
            route('/messaging/templates', { title: 'Message Templates' }, <MessageTemplatesScreen />),
            route('/messaging/broadcasts', { title: 'Broadcast Messages' }, <BroadcastsScreen />),
            route('/admin-users', { title: 'User Management' }, <UserManagementScreen />),
            route('/access-control', { title: 'Access Control' }, <AccessControlScreen />),
            route('/logs', { title: 'Bot Logs' }, <BotLogsScreen />),
            route('/bot-sandbox', { title: 'Bot Sandbox' }, <BotSandboxScreen />),
            route('/analytics', { title: 'Analytics Dashboard' }, <AnalyticsScreen />),
            route('/geographic-analytics', { title: 'Geographic Analytics' }, <GeographicAnalyticsScreen />),
            route('/contact-analytics', { title: 'Contact Analytics' }, <ContactAnalyticsScreen />),
            route('/notifications', { title: 'Notifications' }, <NotificationsScreen />),
            route('/settings', { title: 'Settings' }, <SettingsScreen />),
            route('/debug', { title: 'Login Debug', public: true }, <LoginDebugScreen />),
            route('/mobile-test', { title: 'Mobile Auth Test', public: true }, <MobileTestScreen />),
            route('*', { title: 'Page Not Found' }, <NotFoundScreen />),
          ],
        },
      ],
    },
  ]);
}
