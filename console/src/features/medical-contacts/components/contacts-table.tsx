import { RiArrowDownSLine, RiArrowUpDownLine, RiArrowUpSLine } from '@remixicon/react';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@tremor/react';
import type { ReactNode } from 'react';
import type { MedicalContact } from '@contract/medical-contacts.js';
import type { ContactSortField, SortOrder } from '../contact-query.js';
import { ContactActionButtons, ContactBadges, ContactMethodText, SelectCheckbox, type ContactRowActions } from './contact-row-parts.js';

interface ContactsTableProps {
  contacts: readonly MedicalContact[];
  actions: ContactRowActions;
  labelledBy: string;
  sort: ContactSortField;
  order: SortOrder;
  onSort: (field: ContactSortField) => void;
  /** The header checkbox: ticks or clears the page. */
  headerCheckbox: ReactNode;
}

/** The wide-screen layout (lg and up): server-side sorting from the column headers. */
export function ContactsTable({ contacts, actions, labelledBy, sort, order, onSort, headerCheckbox }: ContactsTableProps) {
  const sortable = (field: ContactSortField, label: string) => {
    const active = sort === field;
    const Icon = active ? (order === 'asc' ? RiArrowUpSLine : RiArrowDownSLine) : RiArrowUpDownLine;
    return (
      <TableHeaderCell scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          onClick={() => onSort(field)}
          className="inline-flex items-center gap-1 rounded hover:text-tremor-content-strong focus:outline-none focus-visible:ring-2 focus-visible:ring-tremor-brand-muted"
        >
          {label}
          <Icon className={`h-4 w-4 ${active ? 'text-tremor-brand' : 'text-tremor-content-subtle'}`} aria-hidden="true" />
        </button>
      </TableHeaderCell>
    );
  };

  return (
    <Table aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          {actions.canWrite ? (
            <TableHeaderCell scope="col" className="w-10">
              {headerCheckbox}
            </TableHeaderCell>
          ) : null}
          {sortable('name', 'Name')}
          {sortable('specialty', 'Specialty')}
          {sortable('city', 'City')}
          {sortable('country', 'Country')}
          <TableHeaderCell scope="col">Contact</TableHeaderCell>
          {sortable('rating', 'Rating')}
          <TableHeaderCell scope="col">Status</TableHeaderCell>
          {actions.canWrite ? <TableHeaderCell scope="col">Actions</TableHeaderCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} className={actions.isSelected(contact.id) ? 'bg-tremor-brand-faint' : undefined}>
            {actions.canWrite ? (
              <TableCell>
                <SelectCheckbox contact={contact} actions={actions} />
              </TableCell>
            ) : null}
            <TableCell className="max-w-[16rem] whitespace-normal">
              <div className="font-medium text-tremor-content-strong">{contact.name}</div>
              <div className="text-tremor-label">{contact.phone}</div>
            </TableCell>
            <TableCell className="max-w-[10rem] whitespace-normal">{contact.specialty || '-'}</TableCell>
            <TableCell className="max-w-[10rem] whitespace-normal">
              <div>{contact.city}</div>
              <div className="text-tremor-label">{contact.region}</div>
            </TableCell>
            <TableCell>{contact.country}</TableCell>
            <TableCell className="max-w-[10rem] whitespace-normal">
              <ContactMethodText contact={contact} />
              <div className="text-tremor-label">{contact.languages.join(', ')}</div>
            </TableCell>
            <TableCell>{contact.rating.toFixed(1)}</TableCell>
            <TableCell className="min-w-[8rem] max-w-[11rem] whitespace-normal">
              <ContactBadges contact={contact} />
            </TableCell>
            {actions.canWrite ? (
              <TableCell>
                <ContactActionButtons contact={contact} actions={actions} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
