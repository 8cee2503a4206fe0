import { Button } from '@tremor/react';
import { useEffect, useState, type FormEvent } from 'react';
import { NotificationSettingsSchema, telegramAlertsProblem, type NotificationSettings } from '@contract/notifications.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { TextField } from '../../components/text-field.js';
import { ApiRequestError, errorMessage } from '../../lib/api-client.js';
import { useNotificationSettings, useSaveNotificationSettings } from '../notifications/api/notification-settings.js';

type Switches = Pick<NotificationSettings, 'telegramNotifications' | 'adminGroupAlerts' | 'errorAlerts' | 'dailyReports'>;
type FieldErrors = Partial<Record<keyof NotificationSettings, string>>;

const SWITCHES: { key: keyof Switches; label: string }[] = [
  { key: 'telegramNotifications', label: 'Telegram notifications' },
  { key: 'adminGroupAlerts', label: 'Admin group alerts' },
  { key: 'errorAlerts', label: 'Error alerts' },
  { key: 'dailyReports', label: 'Daily reports' },
];

/** A typed id or percent: blank is none, anything else must read as a number (the schema says which). */
const parseNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The notification settings form (spec §3), saved on the server: which alerts the bot sends on
 * Telegram and to whom. Its home is Settings → Notification Settings; the Dashboard's dialog shows
 * the same form, and passes `onDone` to close on save or Cancel.
 */
export function NotificationSettingsForm({ onDone }: { onDone?: () => void }) {
  const settings = useNotificationSettings({ enabled: true });
  const save = useSaveNotificationSettings();
  const [switches, setSwitches] = useState<Switches | null>(null);
  const [adminTelegramId, setAdminTelegramId] = useState('');
  const [adminGroupId, setAdminGroupId] = useState('');
  const [overdueAlertPercent, setOverdueAlertPercent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!settings.data || switches) return;
    const { adminTelegramId: telegramId, adminGroupId: groupId, overdueAlertPercent: percent, ...rest } = settings.data;
    setSwitches(rest);
    setAdminTelegramId(telegramId === null ? '' : String(telegramId));
    setAdminGroupId(groupId === null ? '' : String(groupId));
    setOverdueAlertPercent(percent === null || percent === undefined ? '' : String(percent));
  }, [settings.data, switches]);

  if (settings.isError) return <ErrorAlert title="Failed to load notification settings" detail={errorMessage(settings.error, '')} />;
  if (!switches) return <LoadingSpinner label="Loading settings..." />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = NotificationSettingsSchema.safeParse({
      ...switches,
      adminTelegramId: parseNumber(adminTelegramId),
      adminGroupId: parseNumber(adminGroupId),
      overdueAlertPercent: parseNumber(overdueAlertPercent),
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof NotificationSettings] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields as FieldErrors);
      },
    });
  }

  const failure = save.isError && !(save.error instanceof ApiRequestError && save.error.body?.fields) ? save.error : null;
  // Settings shows this form and the other settings form one above the other, both "Save Settings":
  // the accessible name keeps that text first (what a voice user says) and adds which settings it saves.
  const saveText = save.isPending ? 'Saving...' : 'Save Settings';
  // As the form stands, before saving: a typed id (even one the save will refuse) counts as given.
  const unaddressed = telegramAlertsProblem({
    ...switches,
    adminTelegramId: adminTelegramId.trim() === '' ? null : 1,
    adminGroupId: adminGroupId.trim() === '' ? null : -1,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-tremor-default font-medium text-tremor-content-strong">Alerts</legend>
        {SWITCHES.map(({ key, label }) => (
          <CheckboxField key={key} label={label} checked={switches[key]} onChange={(event) => setSwitches({ ...switches, [key]: event.target.checked })} />
        ))}
      </fieldset>
      {unaddressed ? (
        <p role="status" aria-label="Telegram alerts" className="rounded-tremor-small border border-amber-300 bg-amber-50 p-3 text-tremor-default text-amber-900">
          {unaddressed}
        </p>
      ) : null}
      <TextField
        label="Admin Telegram ID"
        inputMode="numeric"
        value={adminTelegramId}
        onChange={(event) => setAdminTelegramId(event.target.value)}
        hint="Critical alerts and daily reports go to this Telegram user."
        error={errors.adminTelegramId}
      />
      <TextField
        label="Admin Group ID"
        value={adminGroupId}
        onChange={(event) => setAdminGroupId(event.target.value)}
        placeholder="-1001234567890"
        hint="A negative number: the admins' group chat, alerted when admin group alerts are on."
        error={errors.adminGroupId}
      />
      <TextField
        label="Overdue alert (%)"
        inputMode="numeric"
        value={overdueAlertPercent}
        onChange={(event) => setOverdueAlertPercent(event.target.value)}
        placeholder="Off"
        hint="Alert when more than this share of active contacts is overdue for verification. Leave empty for no alert."
        error={errors.overdueAlertPercent}
      />
      {failure ? <ErrorAlert title="Failed to save notification settings" detail={errorMessage(failure, '')} /> : null}
      <div className="flex justify-end gap-2">
        {onDone ? (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={save.isPending} aria-label={`${saveText} (Notification Settings)`}>
          {saveText}
        </Button>
      </div>
    </form>
  );
}
