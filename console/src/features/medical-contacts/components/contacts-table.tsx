import RiArrowDownSLine from 'remixicon/icons/Arrows/arrow-down-s-line.svg?react';
import RiArrowUpDownLine from 'remixicon/icons/Arrows/arrow-up-down-line.svg?react';
import RiArrowUpSLine from 'remixicon/icons/Arrows/arrow-up-s-line.svg?react';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@tremor/react';
import type { ReactNode } from 'react';
import type { MedicalContact } from '@contract/medical-contacts.js';
import type { ContactSortField, SortOrder } from '../contact-query.js';
import { formatPhone } from '@contract/phone-numbers.js';
import { ContactActionButtons, ContactBadges, ContactMethodText, SelectCheckbox, type ContactRowActions } from './contact-row-parts.js';
import { contactCountry, contactLanguages } from '../contact-names.js';

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

/** The wide-screen layout (1440 px and up): server-side sorting from the column headers. */
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
    // Tremor's 16 px either side of nine cells alone take 288 px: 12 px gives the name column room.
    <Table aria-labelledby={labelledBy} className="[&_td]:px-3 [&_th]:px-3">
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
            {/* The widest column: a name reads on one or two lines and its phone number on one. */}
            <TableCell className="min-w-[10rem] max-w-[16rem] whitespace-normal">
              <div className="font-medium text-tremor-content-strong">{contact.name}</div>
              <div className="whitespace-nowrap text-tremor-label">{formatPhone(contact.phone)}</div>
            </TableCell>
            <TableCell className="max-w-[8rem] whitespace-normal">{contact.specialty || '-'}</TableCell>
            <TableCell className="max-w-[8rem] whitespace-normal">
              <div>{contact.city}</div>
              <div className="text-tremor-label">{contact.region}</div>
            </TableCell>
            <TableCell className="max-w-[7rem] whitespace-normal">{contactCountry(contact)}</TableCell>
            <TableCell className="max-w-[9rem] whitespace-normal break-words">
              <ContactMethodText contact={contact} />
              <div className="text-tremor-label">{contactLanguages(contact)}</div>
            </TableCell>
            <TableCell>{contact.rating.toFixed(1)}</TableCell>
            <TableCell className="max-w-[9rem] whitespace-normal">
              <ContactBadges contact={contact} actions={actions} />
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
