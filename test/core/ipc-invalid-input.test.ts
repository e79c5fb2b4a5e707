// Every operation of the surface, one wrong argument at a time, through the real IPC handlers and
// the real services: `invalid_input` naming the argument that was wrong, and nothing done: no
// request to the service, no audit entry, no profile or garage change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf, OPERATION_NAMES, type OperationName } from '../../electron/shared/ipc/operations';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let vin: string;
const OTHER_VIN = '5YJ3E1EA7KF317000';

beforeAll(async () => {
  h = await startCoreHarness();
  vin = h.simulator.vins[0]!;
});
afterAll(() => h.close());

/** [operation, arguments ('<vin>' stands for a VIN of the demo fleet), the path the error must name] */
type Case = [OperationName, unknown[], string];

const CASES: Case[] = [
  ['app.info', ['extra'], ''],
  ['app.diagnostics', [{}], ''],
  ['updates.check', [true], ''],
  ['updates.status', ['now'], ''],
  ['updates.install', [{ consent: false }], '0.consent'],
  ['updates.install', [], ''],
  ['profiles.list', [1], ''],
  ['profiles.create', [{ name: '' }], '0.name'],
  ['profiles.create', [{ name: 'x'.repeat(61) }], '0.name'],
  ['profiles.create', [{ name: 'Shop', baseUrl: 'http://fleet.example.com' }], '0.baseUrl'],
  ['profiles.create', [{ name: 'Shop', baseUrl: 42 }], '0.baseUrl'],
  ['profiles.create', [{ name: 'Shop', token: 'abc' }], '0'],
  ['profiles.update', ['', { name: 'Shop' }], '0'],
  ['profiles.update', ['demo', { name: '   ' }], '1.name'],
  ['profiles.update', ['demo', { baseUrl: 'ftp://x.example.com' }], '1.baseUrl'],
  ['profiles.update', ['demo', { demo: false }], '1'],
  ['profiles.remove', [''], '0'],
  ['profiles.remove', [7], '0'],
  ['profiles.activate', [{ id: 'demo' }], '0'],
  ['profiles.setToken', ['demo', 12345], '1'],
  ['profiles.setToken', [null, 'tok'], '0'],
  ['profiles.clearToken', [null], '0'],
  ['profiles.testConnection', [42], '0'],
  ['vehicles.list', ['all'], ''],
  ['vehicles.add', [{ vin: '5YJ3E1EA7KF31700' }], '0.vin'],
  ['vehicles.add', [{ vin: OTHER_VIN, nickname: 'x'.repeat(41) }], '0.nickname'],
  ['vehicles.add', [{ vin: OTHER_VIN, model: 'Y' }], '0'],
  ['vehicles.remove', ['5YJ3E1EO7KF317000'], '0'],
  ['vehicles.rename', ['not a vin', 'Van'], '0'],
  ['vehicles.rename', ['<vin>', 'x'.repeat(41)], '1'],
  ['vehicles.rename', ['<vin>'], ''],
  ['vehicles.telemetryConfig', ['5YJ3E1EA7KF3170Q'], '0'],
  ['vehicles.telemetryConfig', ['<vin>', { refresh: 'yes' }], '1.refresh'],
  ['vehicles.releaseNotes', ['<vin>', { version: '14.3' }], '1.version'],
  ['vehicles.releaseNotes', ['<vin>', { language: 'english' }], '1.language'],
  ['vehicles.releaseNotes', ['<vin>', { staged: 'true' }], '1.staged'],
  ['vehicles.releaseNotes', ['<vin>', { refresh: 1 }], '1.refresh'],
  ['vehicles.releaseNotes', ['<vin>', { build: '1' }], '1'],
  ['vehicles.setPlate', ['<vin>', { plate: 'AB$1' }], '1.plate'],
  ['vehicles.setPlate', ['<vin>', { plate: 'ABCDEFGHIJK' }], '1.plate'],
  ['vehicles.setPlate', ['<vin>', {}], '1.plate'],
  ['vehicles.setPlate', ['short', { plate: 'ABC' }], '0'],
  ['vehicles.setDriveTag', ['<vin>', { drives: '1,,2', tag: 'Work' }], '1.drives'],
  ['vehicles.setDriveTag', ['<vin>', { drives: '1,abc', tag: 'Work' }], '1.drives'],
  ['vehicles.setDriveTag', ['<vin>', { drives: '1', tag: ' ' }], '1.tag'],
  ['vehicles.setDriveTag', ['<vin>', { drives: '1', tag: 'x'.repeat(65) }], '1.tag'],
  ['vehicles.setDriveTag', ['<vin>', { drives: '1' }], '1.tag'],
  ['runs.startVehicleCommand', ['5YJ3E1EA7KF31700', 'enable_valet'], '0'],
  ['runs.startVehicleCommand', ['<vin>', 'honk_horn'], '1'],
  ['runs.startVehicleCommand', ['<vin>', 'set_temperatures', { temperature: 14.9 }], '2.temperature'],
  ['runs.startVehicleCommand', ['<vin>', 'set_temperatures', { temperature: 28.1 }], '2.temperature'],
  ['runs.startVehicleCommand', ['<vin>', 'set_temperatures', {}], '2.temperature'],
  ['runs.startVehicleCommand', ['<vin>', 'set_charging_amps', { amps: 0 }], '2.amps'],
  ['runs.startVehicleCommand', ['<vin>', 'set_charging_amps', { amps: 49 }], '2.amps'],
  ['runs.startVehicleCommand', ['<vin>', 'set_charge_limit', { percent: 49 }], '2.percent'],
  ['runs.startVehicleCommand', ['<vin>', 'set_charge_limit', { percent: 101 }], '2.percent'],
  ['runs.startVehicleCommand', ['<vin>', 'set_speed_limit', { mph: 65.5 }], '2.mph'],
  ['runs.startVehicleCommand', ['<vin>', 'set_speed_limit', { mph: 121 }], '2.mph'],
  ['runs.startVehicleCommand', ['<vin>', 'enable_valet', { maxAttempts: 0 }], '2.maxAttempts'],
  ['runs.startVehicleCommand', ['<vin>', 'enable_valet', { maxAttempts: 4 }], '2.maxAttempts'],
  [
    'runs.startVehicleCommand',
    ['<vin>', 'enable_valet', { waitForCompletion: 'yes' }],
    '2.waitForCompletion',
  ],
  ['runs.startVehicleCommand', ['<vin>', 'enable_valet', { percent: 80 }], '2.percent'],
  ['vehicles.addMany', [{ entries: 'ABC' }], '0.entries'],
  ['vehicles.addMany', [{ entries: [{ vin: 17 }] }], '0.entries.0.vin'],
  ['vehicles.addMany', [{ entries: [{ vin: OTHER_VIN, plate: 'X' }] }], '0.entries.0'],
  [
    'vehicles.addMany',
    [{ entries: Array.from({ length: 10_001 }, () => ({ vin: OTHER_VIN })) }],
    '0.entries',
  ],
  ['vehicles.state', ['5YJ3E1EA7KF3170Q'], '0'],
  ['vehicles.state', ['<vin>', { live: 'yes' }], '1.live'],
  ['vehicles.state', ['<vin>', { refresh: 1 }], '1.refresh'],
  ['vehicles.state', ['<vin>', { useCache: false }], '1'],
  ['vehicles.status', ['short'], '0'],
  ['vehicles.status', ['<vin>', { refresh: 'no' }], '1.refresh'],
  // The wake-up is a command to the car (one pipeline): checked as one.
  ['runs.startVehicleCommand', ['5YJ3E1EO7KF317000', 'wake'], '0'],
  ['runs.startVehicleCommand', ['<vin>', 'wake', { force: true }], '2'],
  ['runs.startVehicleCommand', ['<vin>', 'wake', { overrideClaim: 'yes' }], '2.overrideClaim'],
  ['runs.startVehicleCommand', ['<vin>', 'wake', { offlineConfirmed: 'yes' }], '2.offlineConfirmed'],
  ['runs.startVehicleCommand', ['<vin>', 'wake', { percent: 80 }], '2.percent'],
  ['runs.startVehicleCommand', ['<vin>', 'enable_valet', { overrideClaim: 1 }], '2.overrideClaim'],
  ['vehicles.plate', [null], '0'],
  ['vehicles.plate', ['<vin>', { live: true }], '1'],
  ['vehicles.drives', ['5YJ3E1EA7KF3170'], '0'],
  ['vehicles.drives', ['<vin>', { from: 1_700_000_000_000 }], '1.from'],
  ['vehicles.drives', ['<vin>', { to: 'yesterday' }], '1.to'],
  ['vehicles.drives', ['<vin>', { from: 1_700_000_100, to: 1_700_000_000 }], '1.from'],
  ['vehicles.drives', ['<vin>', { tag: ' ' }], '1.tag'],
  ['vehicles.drives', ['<vin>', { tag: 'Work', excludeTag: 'Private' }], '1.excludeTag'],
  ['vehicles.drives', ['<vin>', { excludeTag: true }], '1.excludeTag'],
  ['vehicles.drives', ['<vin>', { minimumDistance: -1 }], '1.minimumDistance'],
  ['vehicles.drives', ['<vin>', { distanceFormat: 'miles' }], '1.distanceFormat'],
  ['vehicles.drives', ['<vin>', { temperatureFormat: 'K' }], '1.temperatureFormat'],
  ['vehicles.drives', ['<vin>', { timezone: 'Europe/Berlin; rm -rf' }], '1.timezone'],
  ['vehicles.drives', ['<vin>', { exclude_tag: 'Work' }], '1'],
  ['vehicles.firmwareAlerts', ['<vin>', { refresh: 'true' }], '1.refresh'],
  ['vehicles.firmwareAlerts', ['5YJ3E1EA7KF31700'], '0'],
  ['vehicles.tirePressure', ['<vin>', { units: 'psi' }], '1'],
  ['vehicles.tirePressure', [42], '0'],
  ['vehicles.tirePressure', ['<vin>', { pressureFormat: 'atm' }], '1.pressureFormat'],
  ['vehicles.tirePressure', ['<vin>', { from: 1_700_000_100, to: 1_700_000_000 }], '1.from'],
  ['vehicles.batteryHealth', ['5YJ3E1EA7KF3170'], '0'],
  ['vehicles.batteryHealth', ['<vin>', { from: 1_700_000_000_000 }], '1.from'],
  ['vehicles.batteryHealth', ['<vin>', { from: 1_700_000_100, to: 1_700_000_000 }], '1.from'],
  ['vehicles.batteryHealth', ['<vin>', { distanceFormat: 'miles' }], '1.distanceFormat'],
  ['vehicles.batteryHealth', ['<vin>', { distance_format: 'km' }], '1'],
  ['vehicles.battery', ['<vin>', { from: 1_700_000_000 }], '1'],
  ['vehicles.battery', ['5YJ3E1EA7KF3170'], '0'],
  ['vehicles.charges', ['<vin>', { originLatitude: 37.4, originLongitude: -122 }], '1.originRadius'],
  [
    'vehicles.charges',
    ['<vin>', { originLatitude: 91, originLongitude: 0, originRadius: 5 }],
    '1.originLatitude',
  ],
  ['vehicles.charges', ['<vin>', { excludeOrigin: true }], '1.excludeOrigin'],
  ['vehicles.charges', ['<vin>', { limit: 0 }], '1.limit'],
  ['vehicles.charges', ['<vin>', { superchargers_only: true }], '1'],
  ['vehicles.charges', ['<vin>', { minimumEnergyAdded: -1 }], '1.minimumEnergyAdded'],
  ['vehicles.states', ['<vin>', { interval: 0.5 }], '1.interval'],
  ['vehicles.states', ['<vin>', { condense: 'true' }], '1.condense'],
  ['vehicles.states', ['<vin>', { to: 1_700_000_000_000 }], '1.to'],
  ['vehicles.idles', ['<vin>', { originRadius: 0, originLatitude: 1, originLongitude: 1 }], '1.originRadius'],
  ['vehicles.idles', ['<vin>', { timezone: 'UTC; DROP' }], '1.timezone'],
  ['vehicles.lastIdleState', ['<vin>', { refresh: 1 }], '1.refresh'],
  ['vehicles.lastIdleState', [null], '0'],
  ['vehicles.consumptionSinceCharge', ['<vin>', { since: 1_700_000_000 }], '1'],
  ['vehicles.consumptionSinceCharge', ['not a vin'], '0'],
  ['vehicles.location', ['<vin>', { refresh: 'now' }], '1.refresh'],
  ['vehicles.location', [42], '0'],
  ['vehicles.path', ['<vin>', { details: 'yes' }], '1.details'],
  ['vehicles.path', ['<vin>', { from: 1_700_000_100, to: 1_700_000_000 }], '1.from'],
  ['vehicles.weather', ['<vin>', { units: 'metric' }], '1'],
  ['vehicles.weather', [''], '0'],
  ['vehicles.map', ['<vin>', { width: 5000 }], '1.width'],
  ['vehicles.map', ['<vin>', { style: 'blue' }], '1.style'],
  ['vehicles.map', ['<vin>', { markerSize: -1 }], '1.markerSize'],
  ['account.vehicles', [{ onlyActive: 'yes' }], '0.onlyActive'],
  ['account.vehicles', [{ only_active: true }], '0'],
  ['fleet.batteryHealth', [{ refresh: 'yes' }], '0.refresh'],
  ['fleet.status', [{ vins: ['5YJ3E1EA7JF000001'] }], '0'],
  ['audit.list', [{ vin: 'bad' }], '0.vin'],
  ['audit.list', [{ limit: 0 }], '0.limit'],
  ['audit.list', [{ limit: 1.5 }], '0.limit'],
  ['audit.list', [{ limit: 10_001 }], '0.limit'],
  ['audit.search', ['x'.repeat(101)], '0'],
  ['audit.search', ['   '], '0'],
  ['audit.search', [42], '0'],
  ['audit.search', ['charge', { limit: 201 }], '1.limit'],
  ['audit.search', ['charge', { vin: '<vin>' }], '1'],
  ['audit.exportToFile', [{ all: true }], '0'],
  ['audit.exportToFile', [{ from: '2026-02-01', to: '2026-01-01' }], '0.from'],
  ['audit.list', [{ from: 'yesterday' }], '0.from'],
  ['audit.list', [{ outcome: 'maybe' }], '0.outcome'],
  ['jobs.open', ['<vin>', { repairOrder: '   ' }], '1.repairOrder'],
  ['jobs.open', ['<vin>', { repairOrder: 'R'.repeat(65) }], '1.repairOrder'],
  ['jobs.open', ['bad', { repairOrder: 'RO-1' }], '0'],
  ['jobs.open', ['<vin>', { repairOrder: 'RO-1', shop: 'x' }], '1'],
  ['jobs.addNote', ['../profiles', 'a note'], '0'],
  ['jobs.addNote', ['job-1', ''], '1'],
  ['jobs.close', ['job-1', { acknowledge: ['everything'] }], '1.acknowledge.0'],
  ['jobs.reopen', [42], '0'],
  ['jobs.describe', ['job-1', { cause: 'x'.repeat(4001) }], '1.cause'],
  ['jobs.describe', ['job-1', { complaint: 'x' }], '1'],
  ['settings.shopIdentity', ['extra'], ''],
  ['settings.setShopIdentity', [{ name: 'N'.repeat(121), address: '' }], '0.name'],
  ['settings.setShopIdentity', [{ name: 'Shop', address: 'a\nb\nc\nd\ne\nf\ng' }], '0.address'],
  ['settings.setShopIdentity', [{ name: 'Shop' }], '0.address'],
  ['settings.shopVisit', ['extra'], ''],
  [
    'settings.setShopVisit',
    [{ lot: { latitude: 91, longitude: 0, radiusM: 100 }, pricePerKwh: null, recordCost: false }],
    '0.lot.latitude',
  ],
  [
    'settings.setShopVisit',
    [{ lot: { latitude: 48, longitude: 11, radiusM: 5 }, pricePerKwh: null, recordCost: false }],
    '0.lot.radiusM',
  ],
  ['settings.setShopVisit', [{ lot: null, pricePerKwh: -1, recordCost: false }], '0.pricePerKwh'],
  ['settings.setShopVisit', [{ lot: null, pricePerKwh: null, recordCost: true }], '0'],
  ['settings.setShopVisit', [{ lot: null, pricePerKwh: 0.3 }], '0.recordCost'],
  ['jobs.addNote', ['job-1', 'a note', { technician: 'T'.repeat(121) }], '2.technician'],
  ['jobs.reopen', ['job-1', { who: 'Dana' }], '1'],
  ['jobs.technician', ['extra'], ''],
  ['jobs.setTechnician', ['T'.repeat(121)], '0'],
  ['jobs.get', [''], '0'],
  ['jobs.openFor', ['5YJ3E1EA7KF31700'], '0'],
  ['jobs.list', [{ from: '2026-02-01', to: '2026-01-01' }], '0.from'],
  ['jobs.record', [{}], '0'],
  ['jobs.exportJson', ['a/b'], '0'],
  ['jobs.exportPdf', [null], '0'],
  ['jobs.printPdf', [null], '0'],
  ['jobs.verify', ['/etc/passwd'], ''],
  [
    'runs.startBulkCommand',
    [{ command: { name: 'set_charge_limit', options: {} }, items: [{ vin: '5YJ3E1EA7KF317000' }] }],
    '0.command.options.percent',
  ],
  ['runs.startBulkCommand', [{ command: { name: 'close_windows', options: {} }, items: [] }], '0.items'],
  [
    'runs.startBulkCommand',
    [{ command: { name: 'close_windows', options: {} }, items: [{ vin: 'bad' }] }],
    '0.items.0.vin',
  ],
  [
    'runs.startBulkCommand',
    [
      {
        command: { name: 'close_windows', options: {} },
        items: [{ vin: '5YJ3E1EA7KF317000' }],
        concurrency: 9,
      },
    ],
    '0.concurrency',
  ],
  [
    'runs.startBulkCommand',
    [{ command: { name: 'activate_front_trunk', options: {} }, items: [{ vin: '5YJ3E1EA7KF317000' }] }],
    '0.command.name',
  ],
  ['runs.startTemplateRollout', [{ template: '', items: [{ vin: '5YJ3E1EA7KF317000' }] }], '0.template'],
  ['runs.startTemplateRollout', [{ template: 'Fleet', items: [] }], '0.items'],
  ['runs.startTemplateRollout', [{ template: 'Fleet', items: [{ vin: 'bad' }] }], '0.items.0.vin'],
  [
    'runs.startTemplateRollout',
    [{ template: 'Fleet', items: [{ vin: '5YJ3E1EA7KF317000' }], fields: {} }],
    '0',
  ],
  ['runs.startGarageRefresh', [{ alertsAndCertificates: 'yes' }], '0.alertsAndCertificates'],
  ['runs.startHistoryRefresh', [{ vins: [] }], ''],
  ['runs.startVehicleCommand', ['<vin>', 'set_charge_limit', { percent: 101 }], '2.percent'],
  ['runs.startVehicleCommand', ['5YJ3E1EO7KF317000', 'lock'], '0'],
  ['runs.startVehicleCommand', ['<vin>', 'flash_lights'], '1'],
  ['runs.startVehicleCommand', ['<vin>', 'schedule_software_update', {}], '2.inSeconds'],
  ['runs.startVehicleCommand', ['<vin>', 'lock', { inSeconds: 5 }], '2.inSeconds'],
  ['runs.startVehicleCommand', ['<vin>', 'lock', { percent: 80 }], '2.percent'],
  ['runs.startVehicleCommand', ['<vin>', 'unlock', { maxAttempts: 4 }], '2.maxAttempts'],
  ['runs.startVehicleCommand', ['<vin>', 'honk', { overrideClaim: 'yes' }], '2.overrideClaim'],
  ['runs.startVehicleCommand', ['<vin>', 'activate_front_trunk', { open: true }], '2'],
  ['runs.startVehicleCommand', ['<vin>', 'schedule_software_update'], '2.inSeconds'],
  ['runs.startVehicleCommand', ['<vin>', 'schedule_software_update', { inSeconds: -1 }], '2.inSeconds'],
  ['runs.startVehicleCommand', ['<vin>', 'schedule_software_update', { inSeconds: 86_401 }], '2.inSeconds'],
  ['runs.startVehicleCommand', ['<vin>', 'schedule_software_update', { inSeconds: 1.5 }], '2.inSeconds'],
  [
    'runs.startBulkCommand',
    [{ command: { name: 'activate_front_trunk', options: {} }, items: [{ vin: '5YJ3E1EA7KF317000' }] }],
    '0.command.name',
  ],
  ['runs.list', [1], ''],
  ['runs.get', ['../../etc/passwd'], '0'],
  ['runs.cancel', [42], '0'],
  ['runs.cancelItem', ['00000000-0000-0000-0000-000000000000', 'bad'], '1'],
  ['runs.retryFailed', [{}], '0'],
  ['runs.exportResults', ['x'], '0'],
  ['shop.get', [''], '0'],
  ['shop.configure', ['demo', { mode: 'cloud', connection: {}, technician: 'Ana', machine: '' }], '1.mode'],
  [
    'shop.configure',
    ['demo', { mode: 'shop', connection: { port: 70_000 }, technician: 'Ana', machine: '' }],
    '1.connection.port',
  ],
  [
    'shop.configure',
    ['demo', { mode: 'shop', connection: { password: 'x' }, technician: 'Ana', machine: '' }],
    '1.connection',
  ],
  [
    'shop.configure',
    ['demo', { mode: 'shop', connection: { sslmode: 'prefer' }, technician: 'Ana', machine: '' }],
    '1.connection.sslmode',
  ],
  ['shop.setPassword', ['demo', ''], '1'],
  ['shop.setPassword', ['demo', 42], '1'],
  ['shop.clearPassword', [null], '0'],
  ['shop.test', ['demo', { mode: 'shop' }], '1.connection'],
  ['shop.chooseCaFile', [''], '0'],
  ['shop.chooseClientFile', ['demo', 'ca'], '1'],
  ['shop.setKeyPassphrase', ['demo', ''], '1'],
  ['shop.clearKeyPassphrase', [3], '0'],
  ['shop.exportConnectionFile', [''], '0'],
  ['shop.importConnectionFile', [null], '0'],
  ['shop.importLocal', [1], '0'],
  ['shop.status', ['demo'], ''],
  ['shop.board', ['all'], ''],
  ['policy.get', ['all'], ''],
  ['policy.save', [[{ action: 'open_doors', roles: [] }]], '0.0.action'],
  ['approvals.list', [1], ''],
  ['approvals.ask', ['', ['5YJ3E1EA7KF317000', 'door_unlock']], '0'],
  ['approvals.decide', ['not-an-id', true, ''], '0'],
  ['runs.startApprovedCommand', ['not-an-id'], '0'],
  ['approvals.askFor', ['Sold', { kind: 'launch_rocket', vin: '<vin>' }], '1.kind'],
  [
    'approvals.askFor',
    ['Sold', { kind: 'remove_driver', vin: '5YJSA1ED8TF781301', userId: 'ana' }],
    '1.userId',
  ],
  ['approvals.askFor', ['', { kind: 'invitation', vin: '<vin>' }], '0'],
  [
    'approvals.askFor',
    [
      'Find them',
      {
        kind: 'bulk',
        command: { name: 'honk', options: {} },
        vins: ['5YJ3E1EA7KF317000', '5YJ3E1EA7KF317000'],
      },
    ],
    '1.vins',
  ],
  [
    'approvals.askFor',
    ['Fleet', { kind: 'template_rollout', template: '', vins: ['5YJ3E1EA7KF317000'] }],
    '1.template',
  ],
  ['approvals.perform', ['not-an-id'], '0'],
  [
    'approvals.perform',
    ['0b5e3f8e-0000-4000-8000-000000000000', { overrideClaim: 'yes' }],
    '1.overrideClaim',
  ],
  ['shop.history', ['not a vin'], '0'],
  ['shop.history', ['<vin>', { after: { time: 'yesterday', id: 'x' } }], '1.after.time'],
  ['shop.history', ['<vin>', { limit: 501 }], '1.limit'],
  ['claims.list', ['all'], ''],
  ['claims.claim', ['short'], '0'],
  ['claims.claim', ['<vin>', { note: 'x'.repeat(501) }], '1.note'],
  ['claims.claim', ['<vin>', { ttl: 1 }], '1'],
  ['claims.release', [7], '0'],
  ['claims.takeOver', ['<vin>', { note: 5 }], '1.note'],
  ['vehicles.drivers', ['5YJ3E1EA7KF3170Q'], '0'],
  ['vehicles.drivers', ['<vin>', {}], ''],
  ['vehicles.removeDriver', ['<vin>', 2300000000000001], '1'],
  ['vehicles.removeDriver', ['<vin>', '23e4'], '1'],
  ['vehicles.removeDriver', ['short', '1'], '0'],
  ['vehicles.invitations', [7], '0'],
  ['vehicles.createInvitation', ['<vin>', { days: 2 }], '1'],
  ['vehicles.createInvitation', ['<vin>', {}, 'extra'], ''],
  ['vehicles.revokeInvitation', ['<vin>', ''], '1'],
  ['vehicles.revokeInvitation', ['<vin>', 42], '1'],
  [
    'vehicles.writeTelemetryConfig',
    ['<vin>', { fields: { Gaer: { interval_seconds: 5 } } }],
    '1.fields.Gaer',
  ],
  [
    'vehicles.writeTelemetryConfig',
    ['<vin>', { fields: { Gear: { interval_seconds: 0 } } }],
    '1.fields.Gear',
  ],
  [
    'vehicles.writeTelemetryConfig',
    ['<vin>', { fields: { Gear: { interval_seconds: 1.5 } } }],
    '1.fields.Gear',
  ],
  ['vehicles.writeTelemetryConfig', ['<vin>', { recommended: false }], '1'],
  ['vehicles.writeTelemetryConfig', ['<vin>', null], '1'],
  ['vehicles.deleteTelemetryConfig', ['<vin>'], ''],
  ['vehicles.deleteTelemetryConfig', ['<vin>', { confirmed: 'yes' }], '1.confirmed'],
  ['templates.list', ['all'], ''],
  ['templates.save', [{ name: '', fields: { Gear: { interval_seconds: 5 } } }], '0'],
  ['templates.save', [{ name: 'Fleet', fields: { Gaer: { interval_seconds: 5 } } }], '0'],
  ['templates.save', [{ name: 'Fleet', fields: {}, colour: 'red' }], '0'],
  ['templates.remove', [''], '0'],
  ['templates.compareGarage', [42], '0'],
  ['settings.network', [{}], ''],
  ['settings.setNetwork', [{ mode: 'pac' }], '0.mode'],
  ['settings.setNetwork', [{ mode: 'manual' }], '0.proxyUrl'],
  ['settings.setNetwork', [{ mode: 'manual', proxyUrl: 'socks5://proxy.corp:1080' }], '0.proxyUrl'],
  ['settings.setNetwork', [{ mode: 'manual', proxyUrl: 'http://tech:pw@proxy.corp:3128' }], '0.proxyUrl'],
  [
    'settings.setNetwork',
    [{ mode: 'manual', proxyUrl: 'proxy.corp:3128', credentials: { username: 'a:b', password: 'pw' } }],
    '0.credentials.username',
  ],
  [
    'settings.setNetwork',
    [{ mode: 'system', credentials: { username: 'tech', password: 'pw' } }],
    '0.credentials',
  ],
  ['settings.setNetwork', [{ mode: 'direct', proxy: 'x' }], '0'],
  ['settings.testNetwork', [{ mode: 'manual', proxyUrl: 'http://' }], '0.proxyUrl'],
  ['settings.garageRefresh', [{}], ''],
  ['settings.setGarageRefresh', [{ alertsAndCertificates: 'yes' }], '0.alertsAndCertificates'],
  ['settings.setGarageRefresh', [{}], '0.alertsAndCertificates'],
  ['settings.setGarageRefresh', [{ alertsAndCertificates: true, everyStart: true }], '0'],
  ['settings.updates', [1], ''],
  ['settings.setTheme', ['blue'], '0'],
  ['settings.setUpdates', [{ mode: 'always' }], '0.mode'],
  ['settings.setUpdates', [{ mode: 'off', feed: 'https://evil.example/' }], '0'],
  ['settings.language', [1], ''],
  ['settings.setLanguage', [{ language: 'fr' }], '0.language'],
  ['settings.setLanguage', [{ language: 'de', region: 'AT' }], '0'],
];

async function snapshot() {
  const [profiles, vehicles, audit, jobs, network, garageRefresh, updates] = await Promise.all([
    h.garage.profiles.list(),
    h.garage.vehicles.list(),
    h.garage.audit.list({ limit: 10_000 }),
    h.garage.jobs.list(),
    h.garage.settings.network(),
    h.garage.settings.garageRefresh(),
    h.garage.settings.updates(),
  ]);
  return {
    profiles,
    vehicles,
    audit,
    jobs,
    network,
    garageRefresh,
    updates,
    requests: h.simulator.requests.length,
  };
}

describe('one wrong argument at a time, through the real handlers', () => {
  it('covers every operation of the surface', () => {
    expect(new Set(CASES.map(([operation]) => operation))).toEqual(new Set(OPERATION_NAMES));
  });

  it.each(CASES)('%s %j → invalid_input at "%s", nothing done', async (operation, args, path) => {
    const before = await snapshot();
    const result = await h.invoke(
      channelOf(operation),
      args.map((arg) => (arg === '<vin>' ? vin : arg)),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    const { error } = result as { error: { message: string; issues: { path: string }[] } };
    expect(error.issues[0]!.path).toBe(path);
    expect(error.message.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('the same calls with valid arguments do reach the service (the cases above are not refused by accident)', async () => {
    h.simulator.setVehicleState(vin, { sleepState: 'awake' });
    const before = h.simulator.requests.length;
    expect(await h.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({ ok: true });
    expect(await sendCommand(h, vin, 'set_charge_limit', { percent: 80 })).toMatchObject({
      ok: true,
    });
    expect(await h.garage.vehicles.setPlate(vin, { plate: 'ABC 1' })).toMatchObject({ ok: true });
    // Three writes and reads, plus the read of the plate a new one replaces, and the command's own
    // two reads: whether the car sleeps first, and its state after.
    expect(h.simulator.requests.length).toBe(before + 6);
  });

  it('the edge also normalises what it checked: drives typed with spaces are sent as the service takes them', async () => {
    h.simulator.setVehicleState(vin, { sleepState: 'awake' });
    const [first, second] = h.simulator.vehicleState(vin).drives.map((d) => d.id);
    h.simulator.clearRequests();
    const result = await h.garage.vehicles.setDriveTag(vin, { drives: ` ${first} , ${second}`, tag: 'Work' });
    expect(result).toMatchObject({ ok: true });
    expect(h.simulator.requests.map((r) => r.body)).toEqual([`{"drives":"${first},${second}","tag":"Work"}`]);
  });
});
