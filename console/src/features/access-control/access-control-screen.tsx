import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Button, Card } from '@tremor/react';
import RiAddLine from 'remixicon/icons/System/add-line.svg?react';
import { useState, type ReactNode } from 'react';
import type { AuthorizedGroup, WhitelistEntry } from '@contract/access-control.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { SearchField } from '../../components/search-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { ROUTES } from '../../lib/routes.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { useAdminWhitelist } from './api/get-admin-whitelist.js';
import { useAuthorizedGroups } from './api/get-authorized-groups.js';
import { DeleteGroupDialog, DeleteWhitelistEntryDialog } from './components/delete-dialogs.js';
import { GroupCards } from './components/group-cards.js';
import { GroupDialog } from './components/group-dialog.js';
import { WhitelistCards } from './components/whitelist-cards.js';
import { WhitelistDialog } from './components/whitelist-dialog.js';
import { ACCESS_SEARCH_MAX_LENGTH } from '@contract/access-control.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';
import { withParam } from '../../components/period-select.js';

const { headingId: HEADING_ID, title: TITLE, description: DESCRIPTION } = ROUTES.accessControl.header;
/** The tabs, in order; ?tab=whitelist opens the second, so it can be linked to. */
const TABS = ['groups', 'whitelist'] as const;

type OpenDialog = 'group' | 'delete-group' | 'admin' | 'delete-admin' | null;

/** The Access Control screen (spec §2.9): admin and super_admin only, as the API enforces too (the router's RouteGate). */
export function AccessControlScreen() {
  const [params, setParams] = useSearchParamsInOrder();
  const tabIndex = Math.max(TABS.indexOf(params.get('tab') as (typeof TABS)[number]), 0);
  const [groupSearch, setGroupSearch] = useState('');
  const [adminSearch, setAdminSearch] = useState('');
  const groupQuery = useDebouncedValue(groupSearch.trim(), 250);
  const adminQuery = useDebouncedValue(adminSearch.trim(), 250);
  const groups = useAuthorizedGroups(groupQuery);
  const whitelist = useAdminWhitelist(adminQuery);
  const [open, setOpen] = useState<OpenDialog>(null);
  // The dialogs' subjects stay set while a dialog closes, so its text does not change as it fades out.
  const [group, setGroup] = useState<AuthorizedGroup | null>(null);
  const [entry, setEntry] = useState<WhitelistEntry | null>(null);
  const close = () => setOpen(null);

  const selectTab = (index: number) => {
    setParams((current) => withParam(current, 'tab', index === 0 ? undefined : TABS[index]), { replace: true });
  };
  const openGroup = (kind: 'group' | 'delete-group', target: AuthorizedGroup | null) => {
    setGroup(target);
    setOpen(kind);
    // Who would lose access may have changed since the list loaded: the confirmation counts afresh.
    if (kind === 'delete-group') void groups.refetch();
  };
  const openAdmin = (kind: 'admin' | 'delete-admin', target: WhitelistEntry | null) => {
    setEntry(target);
    setOpen(kind);
  };
  const freshGroup = (group && groups.data?.find((candidate) => candidate.id === group.id)) ?? group;

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        headingId={HEADING_ID}
        actions={
          <>
            <Button variant="secondary" icon={RiAddLine} onClick={() => openAdmin('admin', null)}>
              Add Admin
            </Button>
            <Button icon={RiAddLine} onClick={() => openGroup('group', null)}>
              Add Group
            </Button>
          </>
        }
      />
      <TabGroup selectedIndex={tabIndex} onChange={selectTab}>
        <TabList className="flex gap-1 border-b border-tremor-border">
          {['Authorized Groups', 'Admin Whitelist'].map((label) => (
            <Tab
              key={label}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-tremor-default font-medium text-tremor-content hover:text-tremor-content-emphasis focus:outline-none data-[focus]:ring-2 data-[focus]:ring-tremor-brand-muted data-[selected]:border-tremor-brand data-[selected]:text-tremor-brand"
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel className="space-y-4">
            <SearchField className="max-w-md" label="Search groups" maxLength={ACCESS_SEARCH_MAX_LENGTH} placeholder="Name, description or Group ID" value={groupSearch} onChange={setGroupSearch} />
            <ListState
              query={groups}
              loading="Loading groups..."
              failed="Failed to load authorized groups"
              empty={groupQuery ? 'No groups match your search.' : 'No authorized groups found. Add your first group to get started.'}
            >
              {(items) => (
                <GroupCards groups={items} actions={{ onEdit: (target) => openGroup('group', target), onDelete: (target) => openGroup('delete-group', target) }} />
              )}
            </ListState>
          </TabPanel>
          <TabPanel className="space-y-4">
            <SearchField className="max-w-md" label="Search admins" maxLength={ACCESS_SEARCH_MAX_LENGTH} placeholder="Name, username, Telegram ID or reason" value={adminSearch} onChange={setAdminSearch} />
            <ListState
              query={whitelist}
              loading="Loading admin whitelist..."
              failed="Failed to load the admin whitelist"
              empty={
                adminQuery ? 'No whitelisted admins match your search.' : 'No whitelisted admins found. Add admins to exclude them from daily search limits.'
              }
            >
              {(items) => (
                <WhitelistCards entries={items} actions={{ onEdit: (target) => openAdmin('admin', target), onDelete: (target) => openAdmin('delete-admin', target) }} />
              )}
            </ListState>
          </TabPanel>
        </TabPanels>
      </TabGroup>

      <GroupDialog open={open === 'group'} group={group} onClose={close} />
      <DeleteGroupDialog open={open === 'delete-group'} target={freshGroup} onClose={close} />
      <WhitelistDialog open={open === 'admin'} entry={entry} onClose={close} />
      <DeleteWhitelistEntryDialog open={open === 'delete-admin'} target={entry} onClose={close} />
    </section>
  );
}

interface ListStateProps<T> {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T[] | undefined };
  loading: string;
  failed: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** A list's loading, failed and empty states, else the list itself. */
function ListState<T>({ query, loading, failed, empty, children }: ListStateProps<T>) {
  if (query.isPending) return <LoadingSpinner label={loading} />;
  if (query.isError || !query.data) return <ErrorAlert title={failed} detail={errorMessage(query.error, 'Please try again.')} />;
  if (query.data.length === 0) {
    return (
      <Card className="py-12 text-center">
        <p className="text-tremor-default text-tremor-content">{empty}</p>
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}
