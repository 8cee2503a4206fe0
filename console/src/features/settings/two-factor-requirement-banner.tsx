import RiShieldKeyholeLine from 'remixicon/icons/System/shield-keyhole-line.svg?react';
import { Callout } from '@tremor/react';
import { Link, Navigate, useLocation } from 'react-router';
import { formatDate } from '../../lib/format.js';
import { ROUTES } from '../../lib/routes.js';
import { useAccount } from './account-api.js';

const SETTINGS_PATH = ROUTES.settings.path;

/**
 * Shown on every screen to an administrator whom "Require two-factor for admins" concerns: until when
 * they may work without it, or, once that date has passed, that they must set it up now. Then the
 * server refuses every other call, so the console takes them to Settings.
 */
export function TwoFactorRequirementBanner() {
  const { data: account } = useAccount();
  const { pathname } = useLocation();
  const requirement = account?.twoFactorRequirement;
  if (!requirement) return null;
  if (requirement.enforced && pathname !== SETTINGS_PATH) return <Navigate to={SETTINGS_PATH} replace />;

  const settingsLink = (
    <Link to={SETTINGS_PATH} className="font-medium underline">
      Set up two-factor authentication in Settings
    </Link>
  );
  return (
    <Callout
      role="status"
      aria-label="Two-factor authentication required"
      color={requirement.enforced ? 'red' : 'amber'}
      icon={RiShieldKeyholeLine}
      title={requirement.enforced ? 'Two-factor authentication is now required' : `Two-factor authentication required from ${formatDate(requirement.requiredFrom)}`}
      className="mb-6"
    >
      {requirement.enforced ? (
        <>Administrators must use two-factor authentication. Set it up below to continue using the console.</>
      ) : (
        <>
          Administrators must use two-factor authentication from {formatDate(requirement.requiredFrom)}; after that date you
          cannot use the console without it. {settingsLink}.
        </>
      )}
    </Callout>
  );
}
