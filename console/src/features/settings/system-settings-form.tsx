import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import { LOG_LEVELS, SETTINGS_LIMITS, type SystemSettingsView, type UpdateSystemSettings } from '@contract/system-settings.js';
import { BOT_LANGUAGES, type LanguageCode } from '@contract/languages.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { SelectField } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { errorMessage, fieldErrorsOf } from '../../lib/api-client.js';
import { formatDate } from '../../lib/format.js';
import { useSystemSettings } from '../dashboard/api/get-system-settings.js';
import { useUpdateSystemSettings } from '../dashboard/api/update-system-settings.js';

interface SettingsForm {
  dailyLimit: string;
  maxResponseTime: string;
  allowedGroups: string;
  maintenanceMode: boolean;
  autoBackup: boolean;
  backupHour: string;
  logLevel: UpdateSystemSettings['logLevel'];
  logRetentionDays: string;
  requireTwoFactorForAdmins: boolean;
  twoFactorGraceDays: string;
  defaultLanguage: LanguageCode;
  botLanguages: LanguageCode[];
  reverifyAfterDays: string;
  /** Blank: never hide. */
  hideUnverifiedAfterDays: string;
}

const toForm = (settings: SystemSettingsView): SettingsForm => ({
  dailyLimit: String(settings.dailyLimit),
  maxResponseTime: String(settings.maxResponseTime),
  allowedGroups: settings.allowedGroups,
  maintenanceMode: settings.maintenanceMode,
  autoBackup: settings.autoBackup,
  backupHour: String(settings.backupHour),
  logLevel: settings.logLevel,
  logRetentionDays: String(settings.logRetentionDays),
  requireTwoFactorForAdmins: settings.requireTwoFactorForAdmins,
  twoFactorGraceDays: String(settings.twoFactorGraceDays),
  defaultLanguage: settings.defaultLanguage,
  botLanguages: settings.botLanguages,
  reverifyAfterDays: String(settings.reverifyAfterDays),
  hideUnverifiedAfterDays: settings.hideUnverifiedAfterDays === null ? '' : String(settings.hideUnverifiedAfterDays),
});

/** Numbers go out as typed; a blank one as NaN, which JSON sends as null and the server names as not a number. */
const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

const toRequest = (form: SettingsForm): UpdateSystemSettings => ({
  ...form,
  dailyLimit: toNumber(form.dailyLimit),
  maxResponseTime: toNumber(form.maxResponseTime),
  logRetentionDays: toNumber(form.logRetentionDays),
  backupHour: toNumber(form.backupHour),
  twoFactorGraceDays: toNumber(form.twoFactorGraceDays),
  reverifyAfterDays: toNumber(form.reverifyAfterDays),
  hideUnverifiedAfterDays: form.hideUnverifiedAfterDays.trim() === '' ? null : toNumber(form.hideUnverifiedAfterDays),
});

/**
 * The system settings form (spec §2.4, §3): saved on the server; the bot uses them from its next
 * message. Its home is Settings → System Settings; the Dashboard's dialog shows the same form, and
 * passes `onDone` to close on save or Cancel.
 */
export function SystemSettingsForm({ onDone }: { onDone?: () => void }) {
  const settings = useSystemSettings();
  if (settings.isPending) return <LoadingSpinner label="Loading settings..." />;
  if (settings.isError) return <ErrorAlert title="The settings could not be loaded" detail={errorMessage(settings.error, '')} />;
  return <SettingsForm initial={toForm(settings.data)} requiredFrom={settings.data.twoFactorRequiredFrom} timeZone={settings.data.timeZone} onDone={onDone} />;
}

function SettingsForm({ initial, requiredFrom, timeZone, onDone }: { initial: SettingsForm; requiredFrom: string | null; timeZone: string; onDone?: () => void }) {
  const [form, setForm] = useState(initial);
  const save = useUpdateSystemSettings();
  const fieldErrors = fieldErrorsOf(save.error);

  function update<K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function toggleLanguage(code: LanguageCode, offered: boolean) {
    setForm((current) => ({
      ...current,
      botLanguages: offered ? [...current.botLanguages, code] : current.botLanguages.filter((other) => other !== code),
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(toRequest(form), { onSuccess: onDone });
  }

  const { dailyLimit, maxResponseTime, logRetentionDays, twoFactorGraceDays, reverifyAfterDays, hideUnverifiedAfterDays, backupHour } = SETTINGS_LIMITS;
  // Settings shows this form and the other settings form one above the other, both "Save Settings":
  // the accessible name keeps that text first (what a voice user says) and adds which settings it saves.
  const saveText = save.isPending ? 'Saving...' : 'Save Settings';
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Default daily limit"
          type="number"
          inputMode="numeric"
          min={dailyLimit.min}
          max={dailyLimit.max}
          step={1}
          value={form.dailyLimit}
          onChange={(event) => update('dailyLimit', event.target.value)}
          hint="Searches a day every user the bot serves gets at least; an authorized group with a higher limit gives its members more."
          error={fieldErrors.dailyLimit}
        />
        <TextField
          label="Max response time (seconds)"
          type="number"
          inputMode="numeric"
          min={maxResponseTime.min}
          max={maxResponseTime.max}
          step={1}
          value={form.maxResponseTime}
          onChange={(event) => update('maxResponseTime', event.target.value)}
          hint="Slower answers are reported in System Health."
          error={fieldErrors.maxResponseTime}
        />
        <SelectField
          label="Log level"
          value={form.logLevel}
          onChange={(event) => update('logLevel', event.target.value as SettingsForm['logLevel'])}
          hint="The bot records requests at this level and above."
        >
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Log retention (days)"
          type="number"
          inputMode="numeric"
          min={logRetentionDays.min}
          max={logRetentionDays.max}
          step={1}
          value={form.logRetentionDays}
          onChange={(event) => update('logRetentionDays', event.target.value)}
          hint="Older bot log rows are deleted."
          error={fieldErrors.logRetentionDays}
        />
      </div>
      <TextField
        label="Allowed groups"
        value={form.allowedGroups}
        onChange={(event) => update('allowedGroups', event.target.value)}
        placeholder="-1001234567890, -1009876543210"
        autoComplete="off"
        hint="The active authorized groups' ids, comma-separated. A group left out is switched off, and the bot leaves it when someone next writes there; add new groups in Access Control."
        error={fieldErrors.allowedGroups}
      />
      <div className="flex flex-wrap gap-6">
        <CheckboxField label="Maintenance mode" checked={form.maintenanceMode} onChange={(event) => update('maintenanceMode', event.target.checked)} />
        <CheckboxField label="Automatic daily backup" checked={form.autoBackup} onChange={(event) => update('autoBackup', event.target.checked)} />
      </div>
      <TextField
        label={`Backup hour (0–23, ${timeZone})`}
        type="number"
        inputMode="numeric"
        min={backupHour.min}
        max={backupHour.max}
        step={1}
        value={form.backupHour}
        onChange={(event) => update('backupHour', event.target.value)}
        hint="The automatic backup runs once a day in this hour. Choose a quiet one: on the embedded database the bot pauses briefly while the backup is taken."
        error={fieldErrors.backupHour}
      />
      {form.maintenanceMode ? (
        <p className="text-tremor-label text-amber-700">In maintenance mode only whitelisted admins are served; everyone else is asked to come back later.</p>
      ) : null}
      <fieldset className="space-y-3 border-t border-tremor-border pt-4" aria-describedby="bot-languages-hint">
        <legend className="text-tremor-default font-medium text-tremor-content-strong">Languages the bot offers</legend>
        <p id="bot-languages-hint" className="text-tremor-label text-tremor-content">
          Users can choose one of these with /language; a user whose Telegram language is one of them is answered in it.
        </p>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {BOT_LANGUAGES.map((language) => (
            <CheckboxField
              key={language.code}
              label={language.name}
              checked={form.botLanguages.includes(language.code)}
              onChange={(event) => toggleLanguage(language.code, event.target.checked)}
            />
          ))}
        </div>
        {fieldErrors.botLanguages ? <p className="text-tremor-label text-red-600">{fieldErrors.botLanguages}</p> : null}
        <SelectField
          label="Default language"
          value={form.defaultLanguage}
          onChange={(event) => update('defaultLanguage', event.target.value as LanguageCode)}
          hint="Users whose language the bot does not offer are answered in this one."
          error={fieldErrors.defaultLanguage}
        >
          {BOT_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <fieldset className="grid gap-4 border-t border-tremor-border pt-4 sm:grid-cols-2">
        <legend className="sr-only">Verification cycle</legend>
        <TextField
          label="Re-verify every (days)"
          type="number"
          inputMode="numeric"
          min={reverifyAfterDays.min}
          max={reverifyAfterDays.max}
          step={1}
          value={form.reverifyAfterDays}
          onChange={(event) => update('reverifyAfterDays', event.target.value)}
          hint="A contact verified longer ago is due for re-verification, and no longer counts as verified."
          error={fieldErrors.reverifyAfterDays}
        />
        <TextField
          label="Hide from the bot after (days without verification)"
          type="number"
          inputMode="numeric"
          min={hideUnverifiedAfterDays.min}
          max={hideUnverifiedAfterDays.max}
          step={1}
          value={form.hideUnverifiedAfterDays}
          onChange={(event) => update('hideUnverifiedAfterDays', event.target.value)}
          placeholder="Off"
          hint="The bot stops offering a contact not verified for this long; the console still lists it. Leave empty to never hide."
          error={fieldErrors.hideUnverifiedAfterDays}
        />
      </fieldset>
      <fieldset className="space-y-3 border-t border-tremor-border pt-4">
        <legend className="sr-only">Two-factor requirement</legend>
        <CheckboxField
          label="Require two-factor for admins"
          checked={form.requireTwoFactorForAdmins}
          onChange={(event) => update('requireTwoFactorForAdmins', event.target.checked)}
        />
        <TextField
          label="Grace period (days)"
          type="number"
          inputMode="numeric"
          min={twoFactorGraceDays.min}
          max={twoFactorGraceDays.max}
          step={1}
          value={form.twoFactorGraceDays}
          onChange={(event) => update('twoFactorGraceDays', event.target.value)}
          hint={
            initial.requireTwoFactorForAdmins && requiredFrom
              ? `Counted from when the requirement was switched on: required from ${formatDate(requiredFrom)}.`
              : 'Admins and super admins without two-factor may work this many days after the requirement is switched on; then they must set it up to sign in.'
          }
          error={fieldErrors.twoFactorGraceDays}
        />
      </fieldset>
      {save.isError && Object.keys(fieldErrors).length === 0 ? <ErrorAlert title="Failed to save system settings" detail={errorMessage(save.error, '')} /> : null}
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        {onDone ? (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending} aria-label={`${saveText} (System Settings)`}>
          {saveText}
        </Button>
      </div>
    </form>
  );
}
