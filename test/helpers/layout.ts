import type { Locator, Page } from 'playwright-core';

/**
 * Runs in the page, returning a problem per line in words a failing test can print. A string rather
 * than a function: the test runner's TypeScript loader wraps named functions in a helper the page
 * does not have.
 */
const REPORT_LAYOUT_PROBLEMS = `(() => {
  const problems = [];
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;
  const sideways = root.scrollWidth - viewportWidth;
  // A sub-pixel rounding of a fractional layout is not a scrollbar anyone sees.
  const tolerance = 1;
  if (sideways > tolerance) problems.push('the page scrolls sideways by ' + sideways + ' px (' + root.scrollWidth + ' px in a ' + viewportWidth + ' px viewport)');

  const describe = (element) => {
    const name = element.getAttribute('aria-label') || (element.innerText || '').trim() || element.getAttribute('title') || '';
    return 'button "' + name.replace(/\\s+/g, ' ').slice(0, 60) + '"';
  };
  const describeBox = (element) => {
    const classes = typeof element.className === 'string' ? element.className.split(/\\s+/).slice(0, 4).join('.') : '';
    return element.tagName.toLowerCase() + (classes ? '.' + classes : '');
  };
  const span = (box) => Math.round(box.left) + '–' + Math.round(box.right) + ' px';
  // Where a box leaves the viewport or, inside it, is cut by an ancestor that clips or scrolls sideways; null when whole.
  const whereCut = (element, box) => {
    if (box.left < -tolerance || box.right > viewportWidth + tolerance) return 'spans ' + span(box) + ', outside the ' + viewportWidth + ' px viewport';
    for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
      if (getComputedStyle(ancestor).overflowX === 'visible') continue;
      const left = ancestor.getBoundingClientRect().left + ancestor.clientLeft;
      const right = left + ancestor.clientWidth;
      if (box.left < left - tolerance || box.right > right + tolerance) return 'spans ' + span(box) + ', cut by ' + describeBox(ancestor) + ' (' + Math.round(left) + '–' + Math.round(right) + ' px)';
    }
    return null;
  };

  // With a dialog open, only its buttons can be used: the page's lie under its backdrop anyway.
  const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  const topDialog = dialogs.length > 0 ? dialogs[dialogs.length - 1] : null;

  const toasts = Array.from(document.querySelectorAll('[data-sonner-toast]'))
    .filter((toast) => Number(getComputedStyle(toast).opacity) > 0)
    .map((toast) => {
      const box = toast.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, contains: (element) => toast.contains(element) };
    });

  // Tabs are checked below, for cut labels; everything else that acts must be reachable.
  const buttons = document.querySelectorAll('button:not([role="tab"]), [role="button"], input[type="submit"], input[type="button"]');
  for (const button of Array.from(buttons)) {
    const box = button.getBoundingClientRect();
    const style = getComputedStyle(button);
    // Invisible: not laid out, visually hidden (1 px screen-reader text), or switched off by CSS.
    if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const cut = whereCut(button, box);
    if (cut) problems.push(describe(button) + ' ' + cut);
    // A toast lying over any part of a button hides it from the person who needs it. Measured by the boxes:
    // a dialog makes the rest of the page inert, toasts included, and inert elements escape elementFromPoint.
    if (!topDialog || topDialog.contains(button)) {
      const covering = toasts.find((toast) => !toast.contains(button) && toast.left < box.right && toast.right > box.left && toast.top < box.bottom && toast.bottom > box.top);
      if (covering) problems.push(describe(button) + ' is covered by a toast');
    }
  }

  // Tabs may not scroll or be clipped out of sight: a strip that scrolls shows nothing saying it can, so a label
  // cut at its edge reads as the whole label ("Performan").
  const label = (element) => '"' + (element.innerText || element.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').trim().slice(0, 60) + '"';
  for (const tab of Array.from(document.querySelectorAll('[role="tab"]'))) {
    const box = tab.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || getComputedStyle(tab).visibility === 'hidden') continue;
    if (tab.scrollWidth > tab.clientWidth + tolerance) {
      problems.push('tab ' + label(tab) + ' is cut: its label needs ' + tab.scrollWidth + ' px of ' + tab.clientWidth + ' px');
      continue;
    }
    const cut = whereCut(tab, box);
    if (cut) problems.push('tab ' + label(tab) + ' ' + cut);
  }

  // A select or an empty field draws its text in the room its padding (and a select's arrow) leave; longer text
  // is cut without an ellipsis ("Pick a coun", "user id or ch"). Measured with the control's own font.
  const measure = document.createElement('canvas').getContext('2d');
  const reportCutText = (control, text, what) => {
    const box = control.getBoundingClientRect();
    const style = getComputedStyle(control);
    if (!text || box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') return;
    measure.font = style.font;
    const needed = Math.ceil(measure.measureText(text).width);
    const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (needed <= room + tolerance) return;
    const name = control.labels && control.labels[0] ? control.labels[0].innerText.trim() : control.getAttribute('aria-label') || '';
    problems.push(what + ' "' + name + '" cuts ' + (what === 'field' ? 'its placeholder ' : '') + '"' + text + '": it needs ' + needed + ' px of ' + Math.round(room) + ' px');
  };
  for (const select of Array.from(document.querySelectorAll('select'))) {
    if (select.selectedOptions[0]) reportCutText(select, select.selectedOptions[0].text, 'select');
  }
  // A placeholder says what to type: cut, it says part of it. A textarea's wraps, so only inputs.
  for (const input of Array.from(document.querySelectorAll('input[placeholder]'))) {
    if (input.value === '') reportCutText(input, input.placeholder, 'field');
  }
  return problems;
})()`;

/**
 * The layout problems of what the page shows now: sideways page scroll; every visible action button
 * whose box leaves the viewport's width, is cut by a clipping or scrolling ancestor, or lies under a
 * toast; every tab whose label is cut, by its own box or by its strip; and every select or empty
 * field too narrow for the text or placeholder it shows. Empty when the screen fits.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(REPORT_LAYOUT_PROBLEMS);
}

/** The little of the browser these measures read; the tests compile without the DOM library. */
interface MeasuredElement {
  clientWidth: number;
  clientHeight: number;
  scrollWidth: number;
  scrollHeight: number;
  getBoundingClientRect(): { width: number; height: number };
}
interface StyleGlobals {
  getComputedStyle(element: unknown): { lineHeight: string; paddingLeft: string; paddingRight: string };
}

/** How many lines an element's text takes: its height in its own line heights. */
export async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element: unknown) => {
    const style = (globalThis as unknown as StyleGlobals).getComputedStyle(element);
    return Math.round((element as MeasuredElement).getBoundingClientRect().height / parseFloat(style.lineHeight));
  });
}

/** An element's drawn width and the width inside its padding, for "does the text use its container's width". */
export async function widths(locator: Locator): Promise<{ box: number; content: number }> {
  return locator.evaluate((element: unknown) => {
    const style = (globalThis as unknown as StyleGlobals).getComputedStyle(element);
    const measured = element as MeasuredElement;
    return { box: measured.getBoundingClientRect().width, content: measured.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
}

/** Whether an element's text overflows its box: cut by an ellipsis, a line clamp or a hidden overflow. */
export async function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element: unknown) => {
    const measured = element as MeasuredElement;
    return measured.scrollWidth > measured.clientWidth + 1 || measured.scrollHeight > measured.clientHeight + 1;
  });
}

/** True when the element's box lies within the page's viewport, left to right and top to bottom. */
export async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}
