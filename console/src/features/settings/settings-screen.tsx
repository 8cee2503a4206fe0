import { Card } from '@tremor/react';
import { useId } from 'react';
import { PageHeader } from '../../components/page-header.js';
import { displayName, roleLabel } from '../../lib/format.js';
import { useAccount } from './account-api.js';
import { ChangePasswordForm } from './change-password-form.js';
import { SessionsSection } from './sessions-section.js';
import { TwoFactorSection } from './two-factor-section.js';

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
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
          Account
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {figures.map(({ label, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-tremor-label text-tremor-content">{label}</dt>
              <dd className="mt-1 truncate text-tremor-default font-medium text-tremor-content-strong">{value ?? '…'}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}

/** Settings for the signed-in user's own account (spec §2.1, issue "Sign-in"). */
export function SettingsScreen() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PageHeader headingId={headingId} title="Settings" description="Your own account: your password, two-factor authentication and where you are signed in." />
      <AccountSummary />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChangePasswordForm />
        <TwoFactorSection />
      </div>
      <SessionsSection />
    </section>
  );
}
