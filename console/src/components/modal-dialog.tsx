import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import RiCloseLine from 'remixicon/icons/System/close-line.svg?react';
import type { ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** "alertdialog" for confirmations of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** "lg" for long forms, which lay their fields out in two columns on wide screens. */
  size?: 'md' | 'lg';
  children: ReactNode;
}

/**
 * A dialog styled like Tremor's. Built on Headless UI directly because Tremor's Dialog brings its
 * own copy of Headless UI, whose DialogTitle cannot be reached, so its dialogs have no accessible name.
 * It animates in with CSS (tailwind.config.js) and closes at once: see there why not with `transition`.
 */
export function ModalDialog({ open, onClose, title, description, role = 'dialog', size = 'md', children }: ModalDialogProps) {
  return (
    // The dialog element covers the screen it makes inert: with only fixed children it would have no box, and a
    // check of whether it is shown (a test's, an extension's) would find it hidden while it is open.
    <Dialog open={open} onClose={onClose} role={role} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/30 motion-safe:animate-fade-in" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            className={`relative w-full ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'} rounded-tremor-default bg-tremor-background p-4 text-tremor-content shadow-tremor-dropdown ring-1 ring-tremor-ring motion-safe:animate-dialog-in sm:p-6`}
          >
            <DialogTitle className="pr-8 text-tremor-title font-semibold text-tremor-content-strong">{title}</DialogTitle>
            {description ? <Description className="mt-1 text-tremor-default">{description}</Description> : null}
            <div className="mt-5">{children}</div>
            {/*
              Every dialog can be left with a visible button, not only with Escape or a click outside. Last in
              the markup (though drawn top right) so that a dialog's first field still takes the focus.
            */}
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dialog"
              title="Close"
              className="absolute right-2 top-2 rounded-tremor-small p-1.5 text-tremor-content-subtle hover:bg-tremor-background-subtle hover:text-tremor-content-emphasis focus:outline-none focus-visible:ring-2 focus-visible:ring-tremor-brand-muted sm:right-3 sm:top-3"
            >
              <RiCloseLine className="h-5 w-5" aria-hidden="true" />
            </button>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
