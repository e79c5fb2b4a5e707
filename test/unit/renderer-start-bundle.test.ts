// The window's start bundle, what it loads before the garage shows, holds none of the views loaded
// when first opened (renderer/src/lib/lazy-views.ts): Settings, Bulk actions, the fleet, the shop's
// board and a vehicle's tabs after its Overview. One static import of any of them, from anything the
// start reaches, would pull it, and what it alone uses, back into the start bundle (the renderer
// benchmark's size budget would then fail only after a build); so would a static import of uPlot.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImportGraph, type StaticImports } from '../support/import-graph';

const START = 'renderer/src/main.ts';
const LAZY_VIEWS = 'renderer/src/lib/lazy-views.ts';

/** Every project file and package loaded with `start`. */
function reachedFrom(graph: ReadonlyMap<string, StaticImports>, start: string) {
  const files = new Set<string>([start]);
  const packages = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const imports = graph.get(file);
    if (!imports) throw new Error(`${file} is not a source file of the graph`);
    for (const name of imports.packages) packages.add(name);
    for (const next of imports.files) {
      if (!files.has(next)) {
        files.add(next);
        queue.push(next);
      }
    }
  }
  return { files, packages };
}

/** The files lazy-views.ts loads by a dynamic import(). */
async function lazyViews(): Promise<string[]> {
  const text = await readFile(LAZY_VIEWS, 'utf8');
  const targets = [...text.matchAll(/\bimport\('(\.[^']+)'\)/g)].map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(LAZY_VIEWS), match[1]!)),
  );
  return [...new Set(targets)].sort();
}

describe("the window's start bundle", () => {
  it('loads each view that waits until first opened by a dynamic import', async () => {
    const views = await lazyViews();
    for (const view of [
      'components/settings/SettingsView.svelte',
      'components/bulk/BulkActionsView.svelte',
      'components/fleet/FleetView.svelte',
      'components/shop/ShopBoardView.svelte',
      'components/vehicle/telemetry/TelemetryPanel.svelte',
      'components/vehicle/release-notes/ReleaseNotesPanel.svelte',
      'components/vehicle/commands/CommandsPanel.svelte',
      'components/vehicle/workshop/WorkshopPanel.svelte',
      'components/vehicle/access/AccessPanel.svelte',
      'components/vehicle/plate-and-tags/PlateAndTagsPanel.svelte',
      'components/vehicle/history/HistoryPanel.svelte',
      'components/vehicle/story/StoryPanel.svelte',
      'components/vehicle/job/JobPanel.svelte',
    ])
      expect(views).toContain(`renderer/src/${view}`);
  });

  it('follows the static imports from main.ts through the components', async () => {
    const { files, packages } = reachedFrom(await staticImportGraph(['renderer', 'electron/shared']), START);
    expect(files).toContain('renderer/src/App.svelte');
    expect(files).toContain('renderer/src/components/vehicle/overview/OverviewPanel.svelte');
    expect(files).toContain(LAZY_VIEWS);
    expect(packages).toContain('svelte');
  });

  it('reaches none of them, nor uPlot, by a static import', async () => {
    const graph = await staticImportGraph(['renderer', 'electron/shared']);
    const { files, packages } = reachedFrom(graph, START);
    const views = await lazyViews();
    expect(views.every((view) => graph.has(view))).toBe(true);
    expect(views.filter((view) => files.has(view))).toEqual([]);
    expect([...packages].filter((name) => name === 'uplot')).toEqual([]);
  });
});
