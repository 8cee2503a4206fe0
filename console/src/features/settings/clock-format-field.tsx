import { CLOCK_FORMAT_LABELS, CLOCK_FORMATS, ClockFormatSchema } from '@contract/clock-format.js';
import { SelectField } from '../../components/select-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';
import { useAccount, useSetClockFormat } from './account-api.js';

/** The staff member's own clock, saved as soon as it is chosen; every screen's times follow it. */
export function ClockFormatField() {
  const { data: account } = useAccount();
  const setClockFormat = useSetClockFormat();
  return (
    <SelectField
      label="Clock format"
      className="max-w-sm"
      hint={account ? `Times show in ${account.timeZone}, the time zone of the System Settings.` : undefined}
      value={account?.clockFormat ?? ''}
      disabled={!account || setClockFormat.isPending}
      onChange={(event) =>
        setClockFormat.mutate(
          { clockFormat: ClockFormatSchema.parse(event.target.value) },
          {
            onSuccess: () => notifySuccess('Clock Format Saved', 'Times on every screen now follow it.'),
            onError: (error) => notifyError('Error', errorMessage(error, 'Failed to save the clock format')),
          },
        )
      }
    >
      {CLOCK_FORMATS.map((format) => (
        <option key={format} value={format}>
          {CLOCK_FORMAT_LABELS[format]}
        </option>
      ))}
    </SelectField>
  );
}
