import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { BackupStartedSchema } from '@contract/backups.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { BACKUPS_URL, systemHealthQueryKey } from './keys.js';

/** "Back up now": the server answers at once and backs up in the background. */
export async function startBackup(): Promise<void> {
  BackupStartedSchema.parse(await apiRequest<unknown>('POST', BACKUPS_URL));
}

export function useStartBackup() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: startBackup,
    onSuccess: async () => {
      notifySuccess('Backup Started', 'It runs in the background; Last backup shows it when it is done.');
      await queryClient.invalidateQueries({ queryKey: systemHealthQueryKey });
    },
    onError: (error) => notifyError('Failed to start a backup', errorMessage(error, '') || undefined),
  });
}
