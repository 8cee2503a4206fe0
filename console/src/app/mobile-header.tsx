import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import RiCloseLine from 'remixicon/icons/System/close-line.svg?react';
import RiMenuLine from 'remixicon/icons/System/menu-line.svg?react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { BrandMark } from '../components/brand-mark.js';
import { PRODUCT_TITLE } from '../lib/site.js';
import { AccountActions, NavMenu, UserSummary } from './nav-menu.js';

/** The mobile header (spec §2.2): the page title and a menu button opening a right-side sheet. */
export function MobileHeader({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  // Back and forward buttons navigate too; the sheet must not outlive the page it was opened on.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-tremor-border bg-tremor-background px-4 lg:hidden">
      <BrandMark />
      {/* Two lines rather than an ellipsis: "Medical Contacts Database" does not fit one line at 375 px. */}
      <p className="line-clamp-2 flex-1 break-words text-tremor-title font-semibold leading-tight text-tremor-content-strong">{title}</p>
      <button
        type="button"
        aria-label="Open menu"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-tremor-default text-tremor-content-emphasis hover:bg-tremor-background-subtle focus:outline-none focus-visible:ring-2 focus-visible:ring-tremor-brand-muted"
      >
        <RiMenuLine className="h-6 w-6" aria-hidden="true" />
      </button>

      <Dialog open={open} onClose={setOpen} className="relative z-40 lg:hidden">
        <DialogBackdrop className="fixed inset-0 bg-gray-900/40 motion-safe:animate-fade-in" />
        <div className="fixed inset-0 flex justify-end">
          <DialogPanel className="flex h-full w-full max-w-xs flex-col bg-tremor-background shadow-tremor-dropdown motion-safe:animate-drawer-in">
            <div className="flex h-14 shrink-0 items-center gap-3 border-b border-tremor-border px-4">
              <DialogTitle className="flex-1 truncate text-tremor-title font-semibold text-tremor-content-strong">{PRODUCT_TITLE}</DialogTitle>
              <button
                type="button"
                aria-label="Close menu"
                onClick={() => setOpen(false)}
                className="inline-flex h-10 w-10 items-center justify-center rounded-tremor-default text-tremor-content-emphasis hover:bg-tremor-background-subtle"
              >
                <RiCloseLine className="h-6 w-6" aria-hidden="true" />
              </button>
            </div>
            <UserSummary />
            <nav aria-label="Mobile menu" className="flex-1 overflow-y-auto border-t border-tremor-border px-3 py-4">
              <NavMenu onNavigate={() => setOpen(false)} />
            </nav>
            <div className="border-t border-tremor-border px-3 py-3">
              <AccountActions onNavigate={() => setOpen(false)} />
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </header>
  );
}
