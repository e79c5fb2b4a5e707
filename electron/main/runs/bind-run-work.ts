// Binds a run's steps to the services: commands and wakes through the one audited write path,
// reads through the cached reads (so every answer feeds the glances and the offline cache).
import type { VehicleAccess } from '../services/vehicle-access';
import type { TableRead, VehicleReads } from '../services/vehicle-reads';
import type { HistoryReadName } from '../../shared/history-reads';
import { commandParams, type VehicleWrites } from '../services/vehicle-writes';
import { WAKE } from '../../shared/bulk-commands';
import type { RunWork } from './run-work';
import { sendOperation } from './send-marks';

export function bindRunWork(services: {
  writes: VehicleWrites;
  /** The state last kept (savedState) is what a long command's effect is compared with. */
  reads: Pick<
    VehicleReads,
    | 'telemetryConfig'
    | 'state'
    | 'status'
    | 'firmwareAlerts'
    | 'tirePressure'
    | 'savedState'
    | HistoryReadName
  >;
  access: Pick<VehicleAccess, 'workshopCommand' | 'writeTelemetryConfig'>;
}): RunWork {
  const { writes, reads, access } = services;
  return {
    command: (ctx, vin, name, options, tag) => writes.command({ ...ctx, run: tag }, vin, name, options),
    workshopCommand: (ctx, vin, name, { waitForCompletion, maxAttempts, inSeconds }, tag) =>
      access.workshopCommand({ ...ctx, run: tag }, vin, name, {
        ...(waitForCompletion === undefined ? {} : { waitForCompletion }),
        ...(maxAttempts === undefined ? {} : { maxAttempts }),
        ...(inSeconds === undefined ? {} : { inSeconds }),
      }),
    writeTelemetryConfig: (ctx, vin, fields, tag) =>
      access.writeTelemetryConfig({ ...ctx, run: tag }, vin, fields),
    wake: (ctx, vin, tag) => writes.wake({ ...ctx, run: tag }, vin),
    notSent: async (ctx, vin, { name, options }, reason, tag) => {
      const operation = sendOperation(name);
      const params = name === WAKE ? {} : commandParams(name, options);
      await writes.notSent({ ...ctx, run: tag }, vin, operation, params, reason);
    },
    status: (ctx, vin) => reads.status(ctx, vin, { refresh: true }),
    state: (ctx, vin, { live, colleagues = false }) =>
      reads.state(ctx, vin, live ? { live: true } : { refresh: true, colleagues }),
    savedState: (ctx, vin) => reads.savedState(ctx, vin),
    firmwareAlerts: (ctx, vin, { colleagues = false } = {}) =>
      reads.firmwareAlerts(ctx, vin, { refresh: true, colleagues }),
    tirePressure: (ctx, vin, { colleagues = false } = {}) =>
      reads.tirePressure(ctx, vin, { refresh: true, colleagues }),
    telemetryConfig: (ctx, vin) => reads.telemetryConfig(ctx, vin, { refresh: true }),
    historyRead: (ctx, vin, name, options) => {
      const read = reads[name] as TableRead<typeof name>;
      // The name's own options with refresh; TypeScript cannot follow one name through the union.
      return read(ctx, vin, { ...options, refresh: true } as Parameters<typeof read>[2]);
    },
  };
}
