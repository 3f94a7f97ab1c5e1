/** What a journey reads of the console's order page at a phone's width (issue 32): nothing wider than the window. */
import type { Page } from 'playwright-core';

/** The page's elements that reach past the window's left or right edge (by their class, else their tag). */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
      })
      .map((element) => (element.getAttribute('class') ?? '') || element.tagName);
  });
}

/** Every item's line of the order's Items: its text, and whether its total (the last cell) lies inside the window. */
export function itemLines(page: Page): Promise<{ text: string; totalInView: boolean }[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('#lines-title ~ .DataTable tbody tr')].map((row) => {
      const total = row.querySelector('td:last-child')?.getBoundingClientRect();
      return {
        text: (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        totalInView: total !== undefined && total.width > 0 && total.left >= 0 && total.right <= width,
      };
    });
  });
}
