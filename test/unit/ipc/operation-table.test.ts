// The operation table drives the IPC contract: these checks fail when a derived piece (schema,
// handler, window.garage method, channel) drifts from it. The type-level ones fail `npm run typecheck`.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../../electron/main/ipc/register-handlers';
import type { CommandOptions, GarageApi, GarageMethod, ResultOf } from '../../../electron/shared/ipc/api';
import { buildGarageApi } from '../../../electron/shared/ipc/garage-api';
import {
  OPERATION_NAMES,
  OPERATIONS,
  type KindOf,
  type OperationName,
} from '../../../electron/shared/ipc/operations';
import { ARG_SCHEMAS, type ArgsOf } from '../../../electron/shared/ipc/schemas';
import type { Result } from '../../../electron/shared/result';
import type { VehicleEntry, VehicleState, StateMeta } from '../../../electron/shared/types';

const KINDS = ['read', 'write', 'command', 'run', 'local'];

describe('operation table', () => {
  it('gives every operation a kind and a schema, and nothing else a schema', () => {
    for (const operation of OPERATION_NAMES) {
      expect(KINDS).toContain(OPERATIONS[operation].kind);
      expect(ARG_SCHEMAS[operation]).toBeDefined();
    }
    expect(Object.keys(ARG_SCHEMAS).sort()).toEqual([...OPERATION_NAMES].sort());
    expect(OPERATION_NAMES).toEqual(Object.keys(OPERATIONS));
  });

  it('derives one window.garage method per operation and one event subscription', () => {
    const api = buildGarageApi(async () => ({ ok: true, value: null }));
    const methods = Object.entries(api).flatMap(([namespace, group]) =>
      namespace === 'events' ? [] : Object.keys(group as object).map((method) => `${namespace}.${method}`),
    );
    expect(methods.sort()).toEqual([...OPERATION_NAMES].sort());
    expect(Object.keys(api.events)).toEqual(['subscribe']);
  });

  it('keeps commands and writes apart from reads (commands are never retried as reads are)', () => {
    const kinds = Object.fromEntries(OPERATION_NAMES.map((op) => [op, OPERATIONS[op].kind]));
    // Commands to one car and the wake-up are runs in main: one pipeline, never retried as a read.
    expect(kinds['runs.startVehicleCommand']).toBe('run');
    expect(kinds).not.toHaveProperty('vehicles.command');
    expect(kinds).not.toHaveProperty('vehicles.wake');
    expect(kinds['vehicles.setPlate']).toBe('write');
    expect(kinds['vehicles.state']).toBe('read');
    expect(kinds['vehicles.list']).toBe('local');
  });

  it('types handlers, methods and arguments from the table and the schemas (checked by tsc)', () => {
    // A handler for each operation and none other.
    expectTypeOf<keyof Handlers>().toEqualTypeOf<OperationName>();
    // window.garage's methods answer the table's result types with their extra envelope fields.
    expectTypeOf<GarageApi['vehicles']['state']>().toEqualTypeOf<GarageMethod<'vehicles.state'>>();
    expectTypeOf<ResultOf<'vehicles.state'>>().toEqualTypeOf<Result<VehicleState, StateMeta>>();
    expectTypeOf<Awaited<ReturnType<GarageApi['vehicles']['list']>>>().toEqualTypeOf<
      Result<VehicleEntry[], { notice?: string }>
    >();
    // Arguments come from the schemas' input types: a method takes what its schema accepts.
    expectTypeOf<Parameters<GarageApi['runs']['startVehicleCommand']>>().toEqualTypeOf<
      ArgsOf<'runs.startVehicleCommand'>
    >();
    expectTypeOf<CommandOptions>().toHaveProperty('percent');
    expectTypeOf<KindOf<'runs.startVehicleCommand'>>().toEqualTypeOf<'run'>();
    // @ts-expect-error: no operation without a table row.
    expectTypeOf<GarageApi['vehicles']['teleport']>().toBeFunction();
  });
});
