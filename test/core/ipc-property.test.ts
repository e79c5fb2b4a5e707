// Random payloads at every IPC handler (the renderer is untrusted): always an envelope, never an
// unhandled exception, and never a request to the service for input the schemas refuse.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf, OPERATION_NAMES } from '../../electron/shared/ipc/operations';
import { ERROR_KINDS } from '../../electron/shared/result';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

let h: CoreHarness;
let vin: string;

beforeAll(async () => {
  // A command that is only accepted is read back in the background: briefly here, so the runs a
  // valid random input starts end before the next input is counted against the simulator.
  h = await startCoreHarness({ vehicleCommand: { acceptedReadsMs: [10] } });
  vin = h.simulator.vins[0]!;
});
afterAll(() => h.close());

function expectEnvelope(response: unknown): asserts response is { ok: boolean; error?: { kind: string } } {
  expect(response).toBeTypeOf('object');
  const envelope = response as { ok: unknown; value?: unknown; error?: { kind: unknown; message: unknown } };
  expect(typeof envelope.ok).toBe('boolean');
  if (envelope.ok) {
    expect('value' in envelope).toBe(true);
  } else {
    expect(ERROR_KINDS).toContain(envelope.error?.kind);
    expect(typeof envelope.error?.message).toBe('string');
    expect(envelope.error?.message).not.toMatch(/\n\s+at /); // no stack trace
  }
}

// Values near the valid ones find more edge cases than uniform noise.
const nearVin = fc.oneof(
  fc.constant('5YJ3E1EA7KF317000'),
  fc.string({ minLength: 15, maxLength: 19 }),
  fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/),
);
const nearArg = fc.oneof(
  fc.anything(),
  nearVin,
  fc.record(
    {
      vin: nearVin,
      nickname: fc.string(),
      temperature: fc.double(),
      percent: fc.oneof(fc.integer(), fc.double()),
      mph: fc.double(),
      amps: fc.integer(),
      maxAttempts: fc.integer({ min: -2, max: 6 }),
      waitForCompletion: fc.anything(),
      plate: fc.oneof(fc.string(), fc.constant(null)),
      drives: fc.string(),
      tag: fc.string(),
      version: fc.string(),
      language: fc.string(),
      staged: fc.anything(),
      refresh: fc.anything(),
      name: fc.string(),
      baseUrl: fc.string(),
      limit: fc.integer(),
      __proto__: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);

describe('IPC handlers under random input', () => {
  it.each(OPERATION_NAMES)(
    '%s always answers with an envelope and sends nothing for refused input',
    async (op) => {
      await fc.assert(
        fc.asyncProperty(fc.array(nearArg, { maxLength: 4 }), async (args) => {
          // Runs started by earlier inputs send after their start returns: they are not this input's.
          await h.core.runs.settle();
          const before = h.simulator.requests.length;
          const response = await h.invoke(channelOf(op), args);
          expectEnvelope(response);
          if (!response.ok && response.error?.kind === 'invalid_input') {
            expect(h.simulator.requests.length).toBe(before);
          }
        }),
        { numRuns: 60 },
      );
    },
  );

  it('refuses non-array garbage and prototype pollution attempts for a command', async () => {
    const forged = JSON.parse('{"__proto__": {"polluted": true}, "percent": 80}');
    const response = await h.invoke(channelOf('runs.startVehicleCommand'), [vin, 'set_charge_limit', forged]);
    expectEnvelope(response);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const commandName = await h.invoke(channelOf('runs.startVehicleCommand'), [vin, 'constructor']);
    expect(commandName).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });
});
