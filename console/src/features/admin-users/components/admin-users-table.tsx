import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@tremor/react';
import type { AdminUser } from '@contract/admin-users.js';
import { formatLastLogin } from './last-login.js';
import { RoleBadge } from './role-badge.js';
import { ActiveControl, RoleSelect, TwoFactorControl, UserActionButtons, type UserRowActions } from './user-controls.js';
import { UserIdentity } from './user-identity.js';

const COLUMNS = ['User', 'Role', 'Department', 'Status', '2FA', 'Last Login', 'Actions'];

interface AdminUsersTableProps {
  users: readonly AdminUser[];
  actions: UserRowActions;
  /** The id of the heading that names the table. */
  labelledBy: string;
}

/** The wide-screen layout of the list (spec §2.11). */
export function AdminUsersTable({ users, actions, labelledBy }: AdminUsersTableProps) {
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableHeaderCell key={column} scope="col">
              {column}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="max-w-[16rem]">
              <UserIdentity user={user} />
            </TableCell>
            <TableCell>
              <div className="flex flex-col items-start gap-2">
                <RoleBadge role={user.role} />
                <RoleSelect user={user} actions={actions} />
              </div>
            </TableCell>
            <TableCell>{user.department || '-'}</TableCell>
            <TableCell>
              <ActiveControl user={user} actions={actions} />
            </TableCell>
            <TableCell>
              <TwoFactorControl user={user} actions={actions} />
            </TableCell>
            <TableCell className="whitespace-normal">{formatLastLogin(user.lastLogin)}</TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <UserActionButtons user={user} actions={actions} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
