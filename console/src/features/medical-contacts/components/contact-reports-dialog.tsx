import { Button } from '@tremor/react';
import { useId } from 'react';
import type { MedicalContact } from '@contract/medical-contacts.js';
import { can } from '@contract/permissions.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { useAuth } from '../../auth/use-auth.js';
import { ContactReports } from './contact-reports.js';

/** A contact's reports from bot users, for every role: a viewer reads them, an editor may also resolve them. */
export function ContactReportsDialog({ contact, open, onClose }: { contact: MedicalContact | null; open: boolean; onClose: () => void }) {
  const headingId = useId();
  const { user } = useAuth();
  return (
    <ModalDialog open={open} onClose={onClose} title="Contact Reports" description={contact ? contact.name : undefined}>
      {contact ? (
        <div className="space-y-4">
          <ContactReports contactId={contact.id} headingId={headingId} canResolve={can(user?.role, 'contact-reports:resolve')} />
          <div className="flex justify-end border-t border-tremor-border pt-4">
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
