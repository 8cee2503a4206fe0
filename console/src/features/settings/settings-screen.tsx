import { Card } from '@tremor/react';
import { useEffect, useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { can } from '@contract/permissions.js';
import { PageHeader } from '../../components/page-header.js';
import { displayName, roleLabel } from '../../lib/format.js';
import { SETTINGS_SECTIONS, settingsSectionPath, type SettingsSection } from '../../lib/links.js';
import { useAuth } from '../auth/use-auth.js';
import { useAccount } from './account-api.js';
import { ChangePasswordForm } from './change-password-form.js';
import { ClockFormatField } from './clock-format-field.js';
import { NotificationSettingsForm } from './notification-settings-form.js';
import { SessionsSection } from './sessions-section.js';
import { SpecialtiesSection } from './specialties-section.js';
import { SystemSettingsForm } from './system-settings-form.js';
import { TwoFactorSection } from './two-factor-section.js';

const SECTION_TITLES: Record<SettingsSection, string> = {
  account: 'Account',
  notifications: 'Notification Settings',
  system: 'System Settings',
  specialties: 'Specialties',
};

function AccountSummary() {
  const headingId = useId();
  const { data: account } = useAccount();
  const figures = [
    { label: 'Name', value: account && displayName(account) },
    { label: 'Username', value: account?.username },
    { label: 'Email', value: account && (account.email ?? 'No email') },
    { label: 'Role', value: account && roleLabel(account.role) },
  ];
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4">
        <h3 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
          Profile
        </h3>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {figures.map(({ label, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-tremor-label text-tremor-content">{label}</dt>
              <dd className="mt-1 truncate text-tremor-default font-medium text-tremor-content-strong">{value ?? '…'}</dd>
            </div>
          ))}
        </dl>
        <ClockFormatField />
      </section>
    </Card>
  );
}

/** One section of the screen, with its heading and a line saying what it holds; its id is the deep link's. */
function SettingsPart({ section, description, children }: { section: SettingsSection; description: string; children: ReactNode }) {
  const headingId = `settings-${section}-heading`;
  return (
    <section id={section} aria-labelledby={headingId} className="scroll-mt-6 space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-tremor-content-strong">
          {SECTION_TITLES[section]}
        </h2>
        <p className="mt-1 text-tremor-default text-tremor-content">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** The sections this user may see: their account always; the others with the permission the server asks for them. */
function useVisibleSections(): SettingsSection[] {
  const { user } = useAuth();
  const { data: account } = useAccount();
  // An administrator held back by the two-factor requirement can only enrol: the server refuses the rest.
  const heldBack = account?.twoFactorRequirement?.enforced ?? false;
  return SETTINGS_SECTIONS.filter(
    (section) =>
      section === 'account' ||
      (!heldBack && can(user?.role, section === 'notifications' ? 'notification-settings:manage' : 'system-settings:manage')),
  );
}

/** How long a deep link keeps its section at the top while the sections above it fill in. */
const SETTLE_MS = 3000;

/** Scrolls to the section a deep link names: `?section=system` or `#system`. */
function useScrollToLinkedSection(visible: SettingsSection[]): void {
  const { search, hash } = useLocation();
  const linked = new URLSearchParams(search).get('section') ?? hash.slice(1);
  const shown = visible.find((section) => section === linked);
  useEffect(() => {
    const target = shown && document.getElementById(shown);
    if (!target?.parentElement) return;
    // The sections fill in as their data arrives, moving this one: keep it at the top until the page
    // settles, or until the person scrolls or types themselves.
    const scroll = () => target.scrollIntoView({ block: 'start' });
    const observer = new ResizeObserver(scroll);
    observer.observe(target.parentElement);
    const stop = () => observer.disconnect();
    const events = ['wheel', 'touchmove', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, stop, { once: true });
    const timer = setTimeout(stop, SETTLE_MS);
    return () => {
      stop();
      clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, stop);
    };
  }, [shown]);
}

/**
 * Settings (spec §2.1): the home of every setting, in sections by role. Everyone has their own
 * account; admins also the notification settings and the system settings, the same forms the
 * Dashboard's Admin Controls open as shortcuts.
 */
export function SettingsScreen() {
  const headingId = useId();
  const sections = useVisibleSections();
  useScrollToLinkedSection(sections);
  const description =
    sections.length > 1
      ? 'Your own account, and the notification and system settings of the bot and its specialties.'
      : 'Your own account.';
  return (
    <section aria-labelledby={headingId} className="space-y-8">
      <PageHeader headingId={headingId} title="Settings" description={description} />
      {sections.length > 1 ? (
        <nav aria-label="Settings sections" className="flex flex-wrap gap-x-4 gap-y-2 text-tremor-default">
          {sections.map((section) => (
            <Link key={section} to={settingsSectionPath(section)} className="font-medium text-tremor-brand hover:underline">
              {SECTION_TITLES[section]}
            </Link>
          ))}
        </nav>
      ) : null}
      <SettingsPart section="account" description="Your clock, password, two-factor authentication and where you are signed in.">
        <AccountSummary />
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <ChangePasswordForm />
          <TwoFactorSection />
        </div>
        <SessionsSection />
      </SettingsPart>
      {sections.includes('notifications') ? (
        <SettingsPart section="notifications" description="Which alerts the bot sends to the admins on Telegram, and to whom.">
          <Card className="max-w-2xl">
            <NotificationSettingsForm />
          </Card>
        </SettingsPart>
      ) : null}
      {sections.includes('system') ? (
        <SettingsPart section="system" description="How the bot behaves for everyone; it uses a change from its next message.">
          <Card>
            <SystemSettingsForm />
          </Card>
        </SettingsPart>
      ) : null}
      {sections.includes('specialties') ? (
        <SettingsPart section="specialties" description="The list a contact's specialty is picked from, with each specialty's names in the bot's languages.">
          <SpecialtiesSection />
        </SettingsPart>
      ) : null}
    </section>
  );
}
