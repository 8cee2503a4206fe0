import RiDatabase2Line from 'remixicon/icons/Device/database-2-line.svg?react';
import RiNotification3Line from 'remixicon/icons/Media/notification-3-line.svg?react';
import RiPulseLine from 'remixicon/icons/Health & Medical/pulse-line.svg?react';
import RiSettings3Line from 'remixicon/icons/System/settings-3-line.svg?react';
import { Button, Card } from '@tremor/react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { settingsSectionPath } from '../../../lib/links.js';
import { NotificationSettingsForm } from '../../settings/notification-settings-form.js';
import { SystemSettingsForm } from '../../settings/system-settings-form.js';
import { SystemHealthDialog } from './system-health-dialog.js';

type OpenDialog = 'settings' | 'notifications' | 'health' | null;

const LINK_CLASS = 'font-medium text-tremor-brand hover:underline';

/**
 * Admin Controls (spec §2.4): shown to admins only; the server refuses everyone else too. The
 * settings dialogs are shortcuts to the forms whose home is the Settings screen, which they link to.
 */
export function AdminControls() {
  const headingId = useId();
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="flex items-center gap-2 text-tremor-title font-semibold text-tremor-content-strong">
          <RiDatabase2Line className="h-5 w-5 text-tremor-brand" aria-hidden="true" />
          Admin Controls
        </h2>
        <p className="mt-1 text-tremor-default text-tremor-content">
          These controls are only available to administrators. The settings also live on the{' '}
          <Link to={settingsSectionPath('system')} className={LINK_CLASS}>
            Settings screen
          </Link>
          .
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" icon={RiSettings3Line} onClick={() => setOpen('settings')}>
            System Settings
          </Button>
          <Button variant="secondary" icon={RiNotification3Line} onClick={() => setOpen('notifications')}>
            Notification Settings
          </Button>
          <Button variant="secondary" icon={RiPulseLine} onClick={() => setOpen('health')}>
            System Health
          </Button>
        </div>
      </section>
      <ModalDialog
        open={open === 'settings'}
        onClose={close}
        title="System Settings"
        description={<ShortcutDescription text="How the bot behaves for everyone." to={settingsSectionPath('system')} />}
        size="lg"
      >
        <SystemSettingsForm onDone={close} />
      </ModalDialog>
      <ModalDialog
        open={open === 'notifications'}
        onClose={close}
        title="Notification Settings"
        description={<ShortcutDescription text="Choose which alerts the bot sends to the admins on Telegram." to={settingsSectionPath('notifications')} />}
      >
        <NotificationSettingsForm onDone={close} />
      </ModalDialog>
      <SystemHealthDialog open={open === 'health'} onClose={close} />
    </Card>
  );
}

/** A shortcut dialog's description, with the way to the form's home. */
function ShortcutDescription({ text, to }: { text: string; to: string }) {
  return (
    <>
      {text}{' '}
      <Link to={to} className={LINK_CLASS}>
        Open in Settings
      </Link>
    </>
  );
}
