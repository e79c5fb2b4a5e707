// A core for job tests: the demo simulator over real HTTP, Chromium as the PDF printer, exports
// saved in the data folder, and the first car awake with valet off and an 80 % charge limit.
import path from 'node:path';
import { startChromiumPrinter, type ChromiumPrinter } from './chromium-print';
import { startCoreHarness, type CoreHarness } from './core-harness';

/** The value of an answer that must be ok; its message as the test's failure otherwise. */
export const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

export interface JobCore {
  h: CoreHarness;
  printer: ChromiumPrinter;
  /** The car the jobs are opened on. */
  vin: string;
  close(): Promise<void>;
}

export async function startJobCore(options: Parameters<typeof startCoreHarness>[0] = {}): Promise<JobCore> {
  const printer = await startChromiumPrinter();
  const h: CoreHarness = await startCoreHarness({
    chooseSaveFile: async (name) => path.join(h.dataDir, name),
    technician: () => 'Dana Reyes',
    printToPdf: (html) => printer.print(html),
    ...options,
  });
  const vin = h.simulator.vins[0]!;
  h.simulator.setVehicleState(vin, { sleepState: 'awake', valet: false, chargeLimitPercent: 80 });
  return {
    h,
    printer,
    vin,
    async close() {
      await h.close();
      await printer.close();
    },
  };
}
