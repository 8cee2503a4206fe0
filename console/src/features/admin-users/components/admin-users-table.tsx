import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@tremor/react';
import type { AdminUser } from '@contract/admin-users.js';
import { formatLastLogin } from './last-login.js';
import { RoleBadge } from './role-badge.js';
import { ActiveControl, RoleSelect, TwoFactorControl, UserActionButtons, type UserRowActions } from './user-controls.js';
import { UserIdentity } from './user-identity.js';

/*
 * Every column fits the card from 768 px up, with no sideways scroll: cells wrap, actions are icons,
 * and below Tailwind's xl breakpoint (where the card is narrower than the seven columns) Department
 * and Last Login move into the User cell.
 */
const CELL = 'whitespace-normal px-3 py-3 align-top';
const WIDE_ONLY = 'hidden xl:table-cell';

const COLUMNS = [
  { name: 'User' },
  { name: 'Role' },
  { name: 'Department', className: WIDE_ONLY },
  { name: 'Status' },
  { name: '2FA' },
  { name: 'Last Login', className: WIDE_ONLY },
  { name: 'Actions' },
];

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
            <TableHeaderCell key={column.name} scope="col" className={`px-3 ${column.className ?? ''}`}>
              {column.name}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className={CELL}>
              <div className="max-w-[14rem]">
                <UserIdentity user={user} />
                <dl className="mt-1 space-y-0.5 text-xs text-tremor-content xl:hidden">
                  <div>
                    <dt className="inline">Department: </dt>
                    <dd className="inline">{user.department || '-'}</dd>
                  </div>
                  <div>
                    <dt className="inline">Last login: </dt>
                    <dd className="inline">{formatLastLogin(user.lastLogin)}</dd>
                  </div>
                </dl>
              </div>
            </TableCell>
            <TableCell className={CELL}>
              <div className="flex flex-col items-start gap-2">
                <RoleBadge role={user.role} />
                <RoleSelect user={user} actions={actions} />
              </div>
            </TableCell>
            <TableCell className={`${CELL} ${WIDE_ONLY}`}>{user.department || '-'}</TableCell>
            <TableCell className={CELL}>
              <ActiveControl user={user} actions={actions} />
            </TableCell>
            <TableCell className={CELL}>
              <TwoFactorControl user={user} actions={actions} />
            </TableCell>
            <TableCell className={`${CELL} ${WIDE_ONLY}`}>{formatLastLogin(user.lastLogin)}</TableCell>
            <TableCell className={CELL}>
              <div className="flex flex-wrap items-center gap-1.5">
                <UserActionButtons user={user} actions={actions} compact />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
