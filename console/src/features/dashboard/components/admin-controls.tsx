import { RiDatabase2Line, RiNotification3Line, RiPulseLine, RiSettings3Line } from '@remixicon/react';
import { Button, Card } from '@tremor/react';
import { useId, useState } from 'react';
import { NotificationSettingsDialog } from '../../notifications/notification-settings-dialog.js';
import { SystemHealthDialog } from './system-health-dialog.js';
import { SystemSettingsDialog } from './system-settings-dialog.js';

type OpenDialog = 'settings' | 'notifications' | 'health' | null;

/** Admin Controls (spec §2.4): shown to admins only; the server refuses everyone else too. */
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
        <p className="mt-1 text-tremor-default text-tremor-content">These controls are only available to administrators.</p>
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
      <SystemSettingsDialog open={open === 'settings'} onClose={close} />
      <NotificationSettingsDialog open={open === 'notifications'} onClose={close} />
      <SystemHealthDialog open={open === 'health'} onClose={close} />
    </Card>
  );
}
