import { Button, Card } from '@tremor/react';
import { useState, type ReactNode } from 'react';
import type { AdminUser } from '@contract/admin-users.js';
import type { SessionUser } from '@contract/auth.js';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { errorMessage } from '../../lib/api-client.js';
import { ROUTES } from '../../lib/routes.js';
import { useAuth } from '../auth/use-auth.js';
import { useAdminUsers } from './api/get-admin-users.js';
import { useToggleAdminUserTwoFactor } from './api/toggle-admin-user-two-factor.js';
import { useUpdateAdminUser } from './api/update-admin-user.js';
import { AdminUserCards } from './components/admin-user-cards.js';
import { AdminUsersTable } from './components/admin-users-table.js';
import { ChangeRoleDialog, type RoleChange } from './components/change-role-dialog.js';
import { CreateUserDialog } from './components/create-user-dialog.js';
import { DeleteUserDialog } from './components/delete-user-dialog.js';
import { EndSessionsDialog } from './components/end-sessions-dialog.js';
import { ResetPasswordDialog } from './components/reset-password-dialog.js';
import type { UserRowActions } from './components/user-controls.js';
import { UserSummary } from './components/user-summary.js';
import { useDialogTarget } from './use-dialog-target.js';
import { notifyError } from '../../lib/notify.js';

const HEADER = ROUTES.adminUsers.header;
const LIST_HEADING_ID = 'admin-users-list-heading';

/** The User Management screen (/admin-users) of spec §2.11, for admins and super admins (the router's RouteGate). */
export function UserManagementScreen() {
  const { user } = useAuth();
  return (
    <section aria-labelledby={HEADER.headingId} className="space-y-6">
      {user ? <UserManagement viewer={user} /> : null}
    </section>
  );
}

function Heading({ actions }: { actions?: ReactNode }) {
  return (
    <PageHeader {...HEADER} actions={actions} />
  );
}


function UserManagement({ viewer }: { viewer: SessionUser }) {
  const users = useAdminUsers();
  const updateUser = useUpdateAdminUser();
  const toggleTwoFactor = useToggleAdminUserTwoFactor();
  const [creating, setCreating] = useState(false);
  const resetTarget = useDialogTarget<AdminUser>();
  const deleteTarget = useDialogTarget<AdminUser>();
  const endSessionsTarget = useDialogTarget<AdminUser>();
  const roleChange = useDialogTarget<RoleChange>();

  const busyUserIds = new Set<number>();
  if (updateUser.isPending && updateUser.variables) busyUserIds.add(updateUser.variables.id);
  if (toggleTwoFactor.isPending && toggleTwoFactor.variables) busyUserIds.add(toggleTwoFactor.variables.id);

  const actions: UserRowActions = {
    viewer,
    busyUserIds,
    onToggleActive: (user) => updateUser.mutate({ id: user.id, changes: { isActive: !user.isActive } }),
    onToggleTwoFactor: (user) => toggleTwoFactor.mutate({ id: user.id, enable: !user.twoFactorEnabled }),
    onChangeRole: (user, role) => roleChange.show({ user, role }),
    onResetPassword: (user) => {
      if (!can(viewer.role, 'admin-users:reset-password')) {
        notifyError('Access Denied', 'Only administrators can reset passwords', { alone: true });
        return;
      }
      resetTarget.show(user);
    },
    onEndSessions: endSessionsTarget.show,
    onDelete: (user) => {
      if (!can(viewer.role, 'admin-users:delete')) {
        notifyError('Access Denied', 'Only super administrators can delete users', { alone: true });
        return;
      }
      if (user.id === viewer.id) {
        notifyError('Cannot Delete', 'You cannot delete your own account', { alone: true });
        return;
      }
      deleteTarget.show(user);
    },
  };

  return (
    <>
      <Heading
        actions={
          <Button type="button" onClick={() => setCreating(true)}>
            Add User
          </Button>
        }
      />

      {users.isPending ? (
        <LoadingSpinner label="Loading users..." />
      ) : users.isError ? (
        <div className="space-y-3">
          <ErrorAlert title="Could not load admin users" detail={errorMessage(users.error, 'Check your connection and try again.')} />
          <Button type="button" variant="secondary" onClick={() => users.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <UserSummary users={users.data} />
          <Card className="p-4 sm:p-6">
            <h2 id={LIST_HEADING_ID} className="mb-4 text-tremor-title font-semibold text-tremor-content-strong">
              Admin Users
            </h2>
            {users.data.length === 0 ? (
              <p className="py-8 text-center text-tremor-default text-tremor-content">
                No admin users yet. Use Add User to create the first one.
              </p>
            ) : (
              <>
                <div className="hidden md:block">
                  <AdminUsersTable users={users.data} actions={actions} labelledBy={LIST_HEADING_ID} />
                </div>
                <div className="md:hidden">
                  <AdminUserCards users={users.data} actions={actions} labelledBy={LIST_HEADING_ID} />
                </div>
              </>
            )}
          </Card>
        </>
      )}

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} actorRole={viewer.role} />
      <ResetPasswordDialog user={resetTarget.target} open={resetTarget.isOpen} onClose={resetTarget.hide} />
      <EndSessionsDialog user={endSessionsTarget.target} open={endSessionsTarget.isOpen} onClose={endSessionsTarget.hide} />
      <ChangeRoleDialog
        change={roleChange.target}
        open={roleChange.isOpen}
        onClose={roleChange.hide}
        pending={updateUser.isPending}
        onConfirm={({ user, role }) => updateUser.mutate({ id: user.id, changes: { role } }, { onSettled: roleChange.hide })}
      />
      <DeleteUserDialog user={deleteTarget.target} open={deleteTarget.isOpen} onClose={deleteTarget.hide} />
    </>
  );
}
