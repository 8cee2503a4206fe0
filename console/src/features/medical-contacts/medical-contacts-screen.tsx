import RiAddLine from 'remixicon/icons/System/add-line.svg?react';
import RiDeleteBinLine from 'remixicon/icons/System/delete-bin-line.svg?react';
import RiDownloadLine from 'remixicon/icons/System/download-line.svg?react';
import RiEditBoxLine from 'remixicon/icons/Design/edit-box-line.svg?react';
import RiUploadLine from 'remixicon/icons/System/upload-line.svg?react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from '@tremor/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MedicalContact } from '@contract/medical-contacts.js';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { Pagination } from '../../components/pagination.js';
import { errorMessage } from '../../lib/api-client.js';
import { hasProblem } from '../../lib/filter-problems.js';
import { formatCount, formatNumber } from '../../lib/format.js';
import { notifyError } from '../../lib/notify.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { useAuth } from '../auth/use-auth.js';
import type { BulkTarget } from './api/bulk-contacts.js';
import { useExportContacts } from './api/export-contacts.js';
import { usePageParam, useSearchParamUpdates } from '../../lib/use-search-param-updates.js';
import { useContact } from './api/get-contact.js';
import { useContacts } from './api/get-contacts.js';
import { useContactFilterOptions } from './api/get-filter-options.js';
import { mapPointsQueryOptions } from './api/get-map-points.js';
import { AddContactDialog } from './components/add-contact-dialog.js';
import { BulkDeleteDialog } from './components/bulk-delete-dialog.js';
import { BulkEditDialog } from './components/bulk-edit-dialog.js';
import { ContactCards } from './components/contact-cards.js';
import { ContactFilters } from './components/contact-filters.js';
import type { ContactRowActions } from './components/contact-row-parts.js';
import { ContactStats } from './components/contact-stats.js';
import { UnrecognisedValuesCallout } from './components/unrecognised-values.js';
import { ContactsTable } from './components/contacts-table.js';
import { DeleteContactDialog } from './components/delete-contact-dialog.js';
import { EditContactDialog } from './components/edit-contact-dialog.js';
import { ContactReportsDialog } from './components/contact-reports-dialog.js';
import { UnlistedSpecialties } from './components/unlisted-specialties.js';
import { contactFilterProblems, hasActiveFilter, PAGE_SIZES, readListParams, toQueryString, type ContactFilterParams, type ContactSortField } from './contact-query.js';
import { useContactSelection } from './use-contact-selection.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';
import { useDialogSubject } from '../../lib/use-dialog-subject.js';

// d3-geo, topojson and the world outline are a chunk of their own, keeping the list's code light.
const loadContactsMap = () => import('./components/contacts-map.js');
const ContactsMap = lazy(() => loadContactsMap().then((module) => ({ default: module.ContactsMap })));
const ImportWizard = lazy(() => import('./components/import-wizard.js').then((module) => ({ default: module.ImportWizard })));

/**
 * The table from 1440 px up, cards below. Its nine columns with a readable name need about 1,060 px,
 * which the card beside the sidebar has only from there: narrower, the table squeezed the names to a
 * word a line or pushed the actions out of sight; a card gives the name its whole width.
 */
const WIDE_SCREEN = '(min-width: 1440px)';
const HEADING_ID = 'medical-contacts-heading';
const LIST_HEADING_ID = 'medical-contacts-list-heading';
const MAP_HEADING_ID = 'medical-contacts-map-heading';

type OpenDialog = 'add' | 'import' | 'bulk-edit' | 'bulk-delete' | null;

/** The Medical Contacts Database (/medical-contacts) of spec §2.7: read-only for viewers. */
export function MedicalContactsScreen() {
  const { user } = useAuth();
  // One layout in the page at a time, so each control exists once (and is found once by its label).
  const wide = useMediaQuery(WIDE_SCREEN);
  const canWrite = can(user?.role, 'contacts:write');
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  // A filter the API would refuse is not asked for (nor its map): its field says what is wrong, as the form does.
  const problems = useMemo(() => contactFilterProblems(params.filter), [params.filter]);
  const refused = hasProblem(problems);
  const contacts = useContacts(params, { enabled: !refused });
  const filterOptions = useContactFilterOptions();
  const queryClient = useQueryClient();
  // The map's code, outline and points load alongside the list (asked for first) rather than after it is drawn.
  useEffect(() => {
    if (!refused) void queryClient.prefetchQuery(mapPointsQueryOptions(params.filter));
  }, [queryClient, params.filter, refused]);
  useEffect(() => {
    void loadContactsMap().then((module) => module.loadWorld());
  }, []);
  const exportContacts = useExportContacts();
  const total = contacts.data?.total ?? 0;
  const selection = useContactSelection(params.filter, total);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // What a bulk dialog acts on, fixed when it opens: its wording stays put while it closes.
  const [bulkTarget, setBulkTarget] = useState<{ target: BulkTarget; count: number }>({ target: { ids: [] }, count: 0 });
  const editing = useDialogSubject<MedicalContact>();
  const reporting = useDialogSubject<MedicalContact>();
  const deleting = useDialogSubject<MedicalContact>();

  const [, updateParams] = useSearchParamUpdates();
  const setPage = usePageParam();
  // `?contact=<id>` (a notification's link) opens that contact: its edit dialog, with its reports and
  // history, for writers; its reports for everyone else.
  const linkedId = /^[1-9]\d*$/.test(searchParams.get('contact') ?? '') ? Number(searchParams.get('contact')) : null;
  const linked = useContact(linkedId);
  const closeLinked = () => updateParams({ contact: undefined }, false);
  const changeFilter = useCallback((changes: Partial<ContactFilterParams>) => updateParams(changes), [updateParams]);
  const clearFilters = useCallback(() => {
    const { pageSize, sort, order } = params;
    setSearchParams(new URLSearchParams(toQueryString({ pageSize: pageSize === 25 ? undefined : pageSize, sort: sort === 'name' ? undefined : sort, order: order === 'asc' ? undefined : order })));
  }, [params, setSearchParams]);

  const sortBy = (field: ContactSortField) => {
    const order = params.sort === field && params.order === 'asc' ? 'desc' : 'asc';
    updateParams({ sort: field, order }, true);
  };

  const rowActions: ContactRowActions = {
    canWrite,
    isSelected: selection.isSelected,
    onToggleSelected: selection.toggle,
    onEdit: editing.show,
    onDelete: deleting.show,
    onShowReports: reporting.show,
  };

  const openBulk = (kind: 'bulk-edit' | 'bulk-delete') => {
    if (selection.count === 0) {
      notifyError(kind === 'bulk-delete' ? 'Please select contacts to delete' : 'Please select contacts to update');
      return;
    }
    setBulkTarget({ target: selection.target, count: selection.count });
    setDialog(kind);
  };

  const pageIds = contacts.data?.items.map((contact) => contact.id) ?? [];

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title="Medical Contacts Database"
        description="Search, add and maintain the medical contacts the bot recommends to its users."
        headingId={HEADING_ID}
        actions={
          <>
            <Button
              type="button"
              variant="secondary"
              icon={RiDownloadLine}
              disabled={exportContacts.isPending || refused}
              onClick={() => exportContacts.mutate(params.filter)}
            >
              {exportContacts.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
            {canWrite ? (
              <>
                <Button type="button" variant="secondary" icon={RiUploadLine} onClick={() => setDialog('import')}>
                  Import CSV
                </Button>
                <Button type="button" icon={RiAddLine} onClick={() => setDialog('add')}>
                  Add Contact
                </Button>
              </>
            ) : null}
          </>
        }
      />

      {refused ? (
        <Card className="space-y-4 p-4 sm:p-6">
          <h2 id={LIST_HEADING_ID} className="text-tremor-title font-semibold text-tremor-content-strong">
            Contacts
          </h2>
          <ContactFilters filter={params.filter} options={filterOptions.data} problems={problems} onChange={changeFilter} onClear={clearFilters} />
          <p className="py-10 text-center text-tremor-default text-tremor-content">Change the filters to see the contacts that match them.</p>
        </Card>
      ) : contacts.isPending ? (
        <LoadingSpinner label="Loading contacts..." />
      ) : contacts.isError ? (
        <div className="space-y-3">
          <ErrorAlert title="Could not load the medical contacts" detail={errorMessage(contacts.error, 'Check your connection and try again.')} />
          <Button type="button" variant="secondary" onClick={() => contacts.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ContactStats stats={contacts.data.stats} />
          <UnrecognisedValuesCallout unrecognised={contacts.data.unrecognised} onShow={(field) => changeFilter({ unrecognised: field })} />
          <UnlistedSpecialties
            unlisted={filterOptions.data?.unlistedSpecialties ?? []}
            onShow={(specialty) => changeFilter({ specialty })}
            canAddSpecialties={can(user?.role, 'system-settings:manage')}
          />

          <Card className="space-y-4 p-4 sm:p-6">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
              <h2 id={LIST_HEADING_ID} className="text-tremor-title font-semibold text-tremor-content-strong">
                Contacts
              </h2>
              <p className="text-tremor-default text-tremor-content" aria-live="polite">
                Showing {formatNumber(total)} of {formatNumber(contacts.data.stats.total)} ·{' '}
                {formatCount(contacts.data.stats.countries, 'country', 'countries')} · {formatCount(contacts.data.stats.regions, 'region')} ·{' '}
                {formatCount(contacts.data.stats.specialties, 'specialty', 'specialties')}
              </p>
            </div>

            <ContactFilters filter={params.filter} options={filterOptions.data} onChange={changeFilter} onClear={clearFilters} />

            {canWrite ? (
              <BulkBar
                selectedCount={selection.count}
                allMatching={selection.allMatching}
                pageCount={pageIds.length}
                pageAllSelected={pageIds.length > 0 && pageIds.every(selection.isSelected)}
                total={total}
                onSelectAllMatching={selection.selectAllMatching}
                onClear={selection.clear}
                onBulkEdit={() => openBulk('bulk-edit')}
                onBulkDelete={() => openBulk('bulk-delete')}
              />
            ) : null}

            {total === 0 ? (
              <EmptyState filtered={hasActiveFilter(params.filter)} canWrite={canWrite} onClear={clearFilters} onAdd={() => setDialog('add')} />
            ) : (
              <div className={contacts.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={contacts.isFetching}>
                {wide ? (
                  <ContactsTable
                    contacts={contacts.data.items}
                    actions={rowActions}
                    labelledBy={LIST_HEADING_ID}
                    sort={params.sort}
                    order={params.order}
                    onSort={sortBy}
                    headerCheckbox={<PageCheckbox pageIds={pageIds} selection={selection} label="Select all on this page" />}
                  />
                ) : (
                  <>
                    {canWrite ? (
                      <div className="mb-3">
                        <PageCheckbox pageIds={pageIds} selection={selection} label="Select all on this page" withText />
                      </div>
                    ) : null}
                    <ContactCards contacts={contacts.data.items} actions={rowActions} labelledBy={LIST_HEADING_ID} />
                  </>
                )}
              </div>
            )}

            {total > 0 ? (
              <Pagination
                page={params.page}
                pageSize={params.pageSize}
                total={total}
                onPage={setPage}
                onPageSize={(pageSize) => updateParams({ pageSize })}
                pageSizes={PAGE_SIZES}
              />
            ) : null}
          </Card>

          <Card className="p-4 sm:p-6">
            <section aria-labelledby={MAP_HEADING_ID} className="space-y-3">
              <h2 id={MAP_HEADING_ID} className="text-tremor-title font-semibold text-tremor-content-strong">
                Map of the filtered contacts
              </h2>
              <Suspense fallback={<LoadingSpinner label="Loading the map..." />}>
                <ContactsMap filter={params.filter} />
              </Suspense>
            </section>
          </Card>
        </>
      )}

      <ContactReportsDialog contact={reporting.subject} open={reporting.open} onClose={reporting.close} />
      {linked.data && !canWrite ? <ContactReportsDialog contact={linked.data} open={linkedId !== null} onClose={closeLinked} /> : null}
      {linked.isError && linkedId !== null ? (
        <ErrorAlert title="Could not open the contact" detail={errorMessage(linked.error, 'Check your connection and try again.')} />
      ) : null}
      {canWrite ? (
        <>
          {linked.data ? <EditContactDialog contact={linked.data} open={linkedId !== null} onClose={closeLinked} /> : null}
          <AddContactDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
          <EditContactDialog contact={editing.subject} open={editing.open} onClose={editing.close} />
          <DeleteContactDialog contact={deleting.subject} open={deleting.open} onClose={deleting.close} />
          <BulkEditDialog
            open={dialog === 'bulk-edit'}
            onClose={() => setDialog(null)}
            target={bulkTarget.target}
            count={bulkTarget.count}
            onDone={selection.clear}
          />
          <BulkDeleteDialog
            open={dialog === 'bulk-delete'}
            onClose={() => setDialog(null)}
            target={bulkTarget.target}
            count={bulkTarget.count}
            onDone={selection.clear}
          />
          {dialog === 'import' ? (
            <Suspense fallback={null}>
              <ImportWizard open onClose={() => setDialog(null)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

type Selection = ReturnType<typeof useContactSelection>;

/** Ticks or clears the whole page; shows "some" when only part of the page is ticked. */
function PageCheckbox({ pageIds, selection, label, withText = false }: { pageIds: number[]; selection: Selection; label: string; withText?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const selectedOnPage = pageIds.filter(selection.isSelected).length;
  const all = pageIds.length > 0 && selectedOnPage === pageIds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selectedOnPage > 0 && !all;
  }, [selectedOnPage, all]);
  const input = (
    <input
      ref={ref}
      type="checkbox"
      aria-label={withText ? undefined : label}
      checked={all}
      onChange={(event) => selection.setPage(pageIds, event.target.checked)}
      className="h-4 w-4 rounded border-tremor-border text-tremor-brand focus:ring-tremor-brand-muted"
    />
  );
  if (!withText) return input;
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-tremor-default text-tremor-content-strong">
      {input}
      {label}
    </label>
  );
}

interface BulkBarProps {
  selectedCount: number;
  allMatching: boolean;
  pageCount: number;
  pageAllSelected: boolean;
  total: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onBulkEdit: () => void;
  onBulkDelete: () => void;
}

function BulkBar({ selectedCount, allMatching, pageAllSelected, total, onSelectAllMatching, onClear, onBulkEdit, onBulkDelete }: BulkBarProps) {
  return (
    <div className="flex flex-col gap-3 rounded-tremor-default bg-tremor-background-muted px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-tremor-default" aria-live="polite">
        <span className="font-medium text-tremor-content-strong">
          {allMatching ? `All ${formatNumber(total)} matching contacts selected` : `${formatNumber(selectedCount)} selected`}
        </span>
        {!allMatching && pageAllSelected && total > selectedCount ? (
          <Button type="button" size="xs" variant="light" onClick={onSelectAllMatching}>
            {`Select all ${formatNumber(total)} matching`}
          </Button>
        ) : null}
        {selectedCount > 0 ? (
          <Button type="button" size="xs" variant="light" onClick={onClear}>
            Clear selection
          </Button>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="button" size="xs" variant="secondary" icon={RiEditBoxLine} onClick={onBulkEdit}>
          Bulk Edit
        </Button>
        <Button type="button" size="xs" variant="secondary" color="red" icon={RiDeleteBinLine} onClick={onBulkDelete}>
          Bulk Delete
        </Button>
      </div>
    </div>
  );
}

function EmptyState({ filtered, canWrite, onClear, onAdd }: { filtered: boolean; canWrite: boolean; onClear: () => void; onAdd: () => void }) {
  return (
    <div className="py-10 text-center">
      <p className="font-medium text-tremor-content-strong">{filtered ? 'No contacts match these filters' : 'No medical contacts yet'}</p>
      <p className="mt-1 text-tremor-default text-tremor-content">
        {filtered
          ? 'Try a shorter search or clear the filters.'
          : canWrite
            ? 'Add the first contact, or import a CSV file.'
            : 'Editors add the contacts the bot recommends; none have been added yet.'}
      </p>
      <div className="mt-4">
        {filtered ? (
          <Button type="button" variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        ) : canWrite ? (
          <Button type="button" icon={RiAddLine} onClick={onAdd}>
            Add Contact
          </Button>
        ) : null}
      </div>
    </div>
  );
}
