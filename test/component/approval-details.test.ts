// What a foreman approves is what is shown: a roll-out's and a bulk command's cars and a telemetry
// write's fields with their intervals, as the plan holds them, not only "on 4 cars"; and when each
// request was asked, decided and until when it counts (an approved one: until when it can be sent),
// dates and intervals through Intl in the window's language.
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../electron/shared/approval-request';
import ApprovalRequests from '../../renderer/src/components/shell/ApprovalRequests.svelte';
import { formatDateTime } from '../../renderer/src/lib/format';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import { approvals } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';
import { approvalRequest } from './approval-request-fixture';

const VINS = [1, 2, 3, 4].map((n) => vehicle(n).vin);
const ASKED = '2026-11-28T10:00:00.000Z';
const DECIDED = '2026-11-28T10:20:00.000Z';
const UNTIL = '2099-11-28T11:00:00.000Z';

function request(over: Partial<ApprovalRequest>): ApprovalRequest {
  return approvalRequest({
    vin: '',
    action: 'template_rollout',
    plan: {
      kind: 'template_rollout',
      template: {
        name: 'Fleet standard',
        fields: { VehicleSpeed: { interval_seconds: 10 }, BatteryLevel: { interval_seconds: 60 } },
      },
      vins: VINS,
    },
    reason: 'New fleet customer',
    requestedAt: ASKED,
    expiresAt: UNTIL,
    ...over,
  });
}

/** The items of a plan's list (its cars or its fields) in a request's line, by the list's name. */
function listed(line: HTMLElement, name: string): (string | null)[] {
  return within(within(line).getByRole('group', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

async function showList(requests: ApprovalRequest[], mayDecide: boolean) {
  installFakeGarage({ 'approvals.list': () => ok({ requests, mayDecide }) });
  approvals.reset();
  render(ApprovalRequests);
  await approvals.load();
}

afterEach(() => resetLanguage());

describe('the approvals list shows the plan as asked', () => {
  it('lists a roll-out’s cars and its fields with their intervals to the foreman deciding it', async () => {
    await showList([request({})], true);
    const line = await screen.findByRole('listitem', {
      name: 'Ana asks: Roll out template “Fleet standard” on 4 cars',
    });
    expect(listed(line, 'The 4 cars')).toEqual(VINS);
    expect(listed(line, 'The 2 fields as asked')).toEqual([
      'BatteryLevel: every 1 minute',
      'VehicleSpeed: every 10 seconds',
    ]);
    expect(
      within(line).getByText(`Asked ${formatDateTime(ASKED)} · expires ${formatDateTime(UNTIL)}`),
    ).toBeTruthy();
    expect(within(line).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('says until when an approved request of one’s own can be sent, and since when one expired', async () => {
    const approved = request({
      id: 'a1',
      action: 'bulk',
      plan: {
        kind: 'bulk',
        command: { name: 'set_charge_limit', options: { percent: 80 } },
        vins: VINS.slice(0, 2),
      },
      command: { name: 'set_charge_limit', options: { percent: 80 } },
      status: 'approved',
      decidedName: 'Fred',
      decidedRole: 'fred',
      decidedAt: DECIDED,
      mine: true,
    });
    const expired = request({
      id: 'e1',
      vin: VINS[3]!,
      action: 'telemetry_write',
      plan: { kind: 'telemetry_write', fields: { BatteryLevel: { interval_seconds: 3600 } } },
      expiresAt: DECIDED,
      expired: true,
      mine: true,
    });
    await showList([approved, expired], false);
    const sendable = await screen.findByRole('listitem', {
      name: 'Ana asks: Set charge limit to 80 % on 2 cars',
    });
    expect(
      within(sendable).getByText(
        `Asked ${formatDateTime(ASKED)} · decided ${formatDateTime(DECIDED)} · can be sent until ${formatDateTime(UNTIL)}`,
      ),
    ).toBeTruthy();
    expect(listed(sendable, 'The 2 cars')).toEqual(VINS.slice(0, 2));
    expect(within(sendable).getByRole('button', { name: 'Send now' })).toBeTruthy();
    const old = screen.getByRole('listitem', {
      name: `Ana asks: Write a telemetry configuration of 1 field on ${VINS[3]}`,
    });
    expect(within(old).getByText('Expired')).toBeTruthy();
    expect(
      within(old).getByText(`Asked ${formatDateTime(ASKED)} · expired ${formatDateTime(DECIDED)}`),
    ).toBeTruthy();
    expect(listed(old, 'The field as asked')).toEqual(['BatteryLevel: every 1 hour']);
    // A plan on one car names it in its line: no list of one car beside it.
    expect(within(old).queryByRole('group', { name: /car/ })).toBeNull();
  });

  it('says the plan in German, with German intervals and dates', async () => {
    await applyLanguage({ language: 'de', formatLocale: 'de-DE' });
    await showList([request({})], true);
    const line = await screen.findByRole('listitem', {
      name: 'Ana fragt an: Vorlage „Fleet standard“ ausrollen an 4 Fahrzeugen',
    });
    expect(listed(line, 'Die 4 Fahrzeuge')).toEqual(VINS);
    expect(listed(line, 'Die 2 angefragten Felder')).toEqual([
      'BatteryLevel: alle 1 Minute',
      'VehicleSpeed: alle 10 Sekunden',
    ]);
    expect(
      within(line).getByText(`Angefragt ${formatDateTime(ASKED)} · läuft ab ${formatDateTime(UNTIL)}`),
    ).toBeTruthy();
  });
});
