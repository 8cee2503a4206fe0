import { BrandMark } from '../components/brand-mark.js';
import { PRODUCT_TITLE } from '../lib/site.js';
import { AccountActions, NavMenu, UserSummary } from './nav-menu.js';

/** The desktop sidebar (spec §2.2), shown from the lg breakpoint up. */
export function Sidebar() {
  return (
    <aside className="fixed inset-y-0 left-0 z-20 hidden w-64 flex-col border-r border-tremor-border bg-tremor-background lg:flex">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-tremor-border px-4">
        <BrandMark />
        <span className="whitespace-nowrap text-base font-semibold text-tremor-content-strong">{PRODUCT_TITLE}</span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <NavMenu />
      </nav>
      <div className="space-y-2 border-t border-tremor-border px-3 py-3">
        <AccountActions />
        <UserSummary />
      </div>
    </aside>
  );
}
