import { Badge, Button, Card } from '@tremor/react';
import { useId, useState, type FormEvent } from 'react';
import { BOT_LANGUAGES, languageName, type LanguageCode } from '@contract/languages.js';
import { formatCount } from '@contract/plural.js';
import {
  nameTakenMessage,
  specialtyInUseMessage,
  specialtyNameTaken,
  taxonomyOfList,
  type Specialty,
  type SpecialtyNames,
} from '@contract/specialties.js';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { ModalDialog } from '../../components/modal-dialog.js';
import { TextField } from '../../components/text-field.js';
import { errorMessage, fieldErrorsOf } from '../../lib/api-client.js';
import { useSpecialties } from '../../lib/specialties.js';
import { useCreateSpecialty, useDeleteSpecialty, useUpdateSpecialty } from './specialties-api.js';

type NamesForm = Record<LanguageCode, string>;

const EMPTY_NAMES = Object.fromEntries(BOT_LANGUAGES.map(({ code }) => [code, ''])) as NamesForm;

/** The names typed, the empty ones left out (the server drops them too). */
const toNames = (form: NamesForm): SpecialtyNames =>
  Object.fromEntries(Object.entries(form).map(([language, name]) => [language, name.trim()]).filter(([, name]) => name)) as SpecialtyNames;

/** "Kinderheilkunde (German) · Педіатрія (Ukrainian)": a specialty's names besides its English one. */
function otherNames(specialty: Specialty): string {
  return BOT_LANGUAGES.filter(({ code }) => code !== 'en' && specialty.names[code])
    .map(({ code }) => `${specialty.names[code]} (${languageName(code)})`)
    .join(' · ');
}

type Editing = { mode: 'add' } | { mode: 'edit'; specialty: Specialty } | null;

/**
 * Settings → Specialties (spec §2.1): the taxonomy a contact's specialty is picked from. The known
 * specialties come with the product, named in the bot's eight languages; admins add the others with
 * their names per language (English required), rename them (their contacts follow) and delete those no
 * contact has. Every change is audited by the server.
 */
export function SpecialtiesSection() {
  const headingId = useId();
  const specialties = useSpecialties();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Specialty | null>(null);
  const remove = useDeleteSpecialty();
  if (specialties.isPending) return <LoadingSpinner label="Loading specialties..." />;
  if (specialties.isError) return <ErrorAlert title="The specialties could not be loaded" detail={errorMessage(specialties.error, '')} />;
  const items = specialties.data.items;
  const added = items.filter((item) => !item.builtIn);
  const builtIn = items.filter((item) => item.builtIn);

  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            Added by staff
          </h3>
          <p className="mt-1 text-tremor-default text-tremor-content">
            The bot finds a contact by any of its specialty&apos;s names, and names the specialty in the user&apos;s language (in English when
            it has no name in theirs).
          </p>
        </div>
        <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
          Add Specialty
        </Button>
      </div>
      {added.length === 0 ? (
        <p className="text-tremor-default text-tremor-content">No specialties added yet: contacts choose from the built-in ones below.</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-tremor-border">
          {added.map((specialty) => (
            <li key={specialty.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-tremor-content-strong">{specialty.name}</p>
                <p className="text-tremor-label text-tremor-content">{otherNames(specialty) || 'No names in other languages'}</p>
                <p className="text-tremor-label text-tremor-content">{formatCount(specialty.contacts, 'contact')}</p>
              </div>
              <div className="flex gap-2">
                <Button type="button" size="xs" variant="secondary" aria-label={`Edit ${specialty.name}`} onClick={() => setEditing({ mode: 'edit', specialty })}>
                  Edit
                </Button>
                <Button type="button" size="xs" variant="secondary" color="red" aria-label={`Delete ${specialty.name}`} onClick={() => setDeleting(specialty)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <details className="text-tremor-default">
        <summary className="cursor-pointer font-medium text-tremor-content-strong">Built-in specialties ({builtIn.length})</summary>
        <ul className="mt-2 divide-y divide-tremor-border">
          {builtIn.map((specialty) => (
            <li key={specialty.name} className="py-2">
              <span className="font-medium text-tremor-content-strong">{specialty.name}</span>{' '}
              <Badge size="xs" color="gray">
                Built in
              </Badge>{' '}
              <span className="text-tremor-label text-tremor-content">· {formatCount(specialty.contacts, 'contact')}</span>
              <p className="text-tremor-label text-tremor-content">{otherNames(specialty)}</p>
            </li>
          ))}
        </ul>
      </details>

      <ModalDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing?.mode === 'edit' ? `Edit ${editing.specialty.name}` : 'Add Specialty'}
        description="The English name is required: it is the name contacts store. Names in other languages are optional."
      >
        {editing ? <SpecialtyForm key={editing.mode === 'edit' ? editing.specialty.id : 'add'} editing={editing} items={items} onDone={() => setEditing(null)} /> : null}
      </ModalDialog>

      {deleting && deleting.contacts > 0 ? (
        <ModalDialog open onClose={() => setDeleting(null)} role="alertdialog" title={`${deleting.name} cannot be deleted yet`} description={specialtyInUseMessage(deleting.name, deleting.contacts)}>
          <div className="flex justify-end border-t border-tremor-border pt-4">
            <Button type="button" variant="secondary" onClick={() => setDeleting(null)} autoFocus>
              Close
            </Button>
          </div>
        </ModalDialog>
      ) : (
        <ConfirmDeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title="Delete Specialty"
          description={`Delete ${deleting?.name ?? ''}? No contact has it; it will no longer be offered.`}
          pending={remove.isPending}
          onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        />
      )}
    </Card>
  );
}

function SpecialtyForm({ editing, items, onDone }: { editing: NonNullable<Editing>; items: Specialty[]; onDone: () => void }) {
  const own = editing.mode === 'edit' ? editing.specialty : undefined;
  const [form, setForm] = useState<NamesForm>(own ? { ...EMPTY_NAMES, ...own.names } : EMPTY_NAMES);
  const create = useCreateSpecialty();
  const update = useUpdateSpecialty();
  const save = own ? update : create;
  const serverErrors = fieldErrorsOf(save.error);
  // The same check as the server's, as the names are typed: a name another specialty has would find both.
  const taxonomy = taxonomyOfList({ items });
  const taken = (name: string) => {
    const specialty = name.trim() ? specialtyNameTaken(name, taxonomy, own?.name) : undefined;
    return specialty ? nameTakenMessage(name, specialty) : undefined;
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const names = toNames(form);
    if (own) update.mutate({ id: own.id!, names }, { onSuccess: onDone });
    else create.mutate(names, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {BOT_LANGUAGES.map(({ code, name }) => (
          <TextField
            key={code}
            label={code === 'en' ? 'English name *' : `${name} name`}
            value={form[code]}
            required={code === 'en'}
            autoFocus={code === 'en'}
            autoComplete="off"
            onChange={(event) => setForm((current) => ({ ...current, [code]: event.target.value }))}
            error={taken(form[code]) ?? serverErrors[`names.${code}`]}
          />
        ))}
      </div>
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || BOT_LANGUAGES.some(({ code }) => taken(form[code]))}>
          {save.isPending ? 'Saving...' : own ? 'Save Specialty' : 'Add Specialty'}
        </Button>
      </div>
    </form>
  );
}
