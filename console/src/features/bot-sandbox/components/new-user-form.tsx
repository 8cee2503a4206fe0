import { Button } from '@tremor/react';
import { useState, type FormEvent } from 'react';
import { CreateSandboxUserSchema, type SandboxUser } from '@contract/bot-sandbox.js';
import { TextField } from '../../../components/text-field.js';
import { useCreateSandboxUser } from '../api/create-sandbox-user.js';
import { LanguageSelect } from './language-select.js';

/** Creates a simulated Telegram user, checked with the API's own schema before sending. */
export function NewUserForm({ onCreated, onCancel }: { onCreated: (user: SandboxUser) => void; onCancel: () => void }) {
  const [telegramId, setTelegramId] = useState('');
  const [firstName, setFirstName] = useState('');
  const [languageCode, setLanguageCode] = useState('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const createUser = useCreateSandboxUser();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateSandboxUserSchema.safeParse({ userId: telegramId.trim() === '' ? undefined : Number(telegramId), firstName, languageCode });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      if (telegramId.trim() === '') found.userId = 'Telegram ID is required';
      setErrors(found);
      return;
    }
    setErrors({});
    createUser.mutate(parsed.data, { onSuccess: onCreated });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="New simulated user" className="space-y-3 rounded-tremor-default border border-tremor-border bg-tremor-background-muted p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Telegram ID"
          inputMode="numeric"
          value={telegramId}
          onChange={(event) => setTelegramId(event.target.value)}
          placeholder="e.g. 500123"
          error={errors.userId}
        />
        <TextField label="First name" value={firstName} onChange={(event) => setFirstName(event.target.value)} error={errors.firstName} />
      </div>
      <LanguageSelect value={languageCode} onChange={setLanguageCode} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={createUser.isPending}>
          Create user
        </Button>
      </div>
    </form>
  );
}
