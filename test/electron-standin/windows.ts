// The open windows, in creation order, and which Chromium page backs which window.
import type { Page } from 'playwright-core';
import type { BrowserWindow } from './browser-window';

const windows: BrowserWindow[] = [];
const byPage = new Map<Page, BrowserWindow>();

export function addWindow(window: BrowserWindow): void {
  windows.push(window);
}

export function removeWindow(window: BrowserWindow): void {
  const index = windows.indexOf(window);
  if (index !== -1) windows.splice(index, 1);
  for (const [page, owner] of byPage) if (owner === window) byPage.delete(page);
}

export function bindPage(page: Page, window: BrowserWindow): void {
  byPage.set(page, window);
}

export function windowOfPage(page: Page): BrowserWindow | undefined {
  return byPage.get(page);
}

export function allWindows(): BrowserWindow[] {
  return [...windows];
}
