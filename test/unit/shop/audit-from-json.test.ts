// A colleague's audit entry as the live listener's read brings it (`to_jsonb` of the row): taken
// only when it is one, so that anything else falls back to reading the entry by its id.
import { describe, expect, it } from 'vitest';
import { auditFromJson } from '../../../electron/main/shop/audit-store';

const row = {
  id: '0b7c4a52-5f0e-4d36-9b8e-2f6a1c3d4e5f',
  garage_id: 'main',
  time: '2026-11-29T08:00:07.123456+00:00',
  vin: '5YJ3E1EA7KF001004',
  operation: 'command:set_charge_limit',
  params: { percent: 80 },
  outcome: 'success',
  reason: null,
  error_kind: null,
  effect: null,
  duration_ms: 412,
  technician: 'Ben',
  machine: 'bay-2',
  profile_id: 'profile-ben',
  run_id: null,
  bulk: false,
  db_role: 'tech_ben',
  received_at: '2026-11-29T08:00:07.5+00:00',
  resent_at: null,
  change_seq: 20544,
};

describe('an audit entry from its row as JSON', () => {
  it('is the entry, its times as ISO strings and its number as a number', () => {
    expect(auditFromJson(row)).toEqual({
      id: row.id,
      garageId: 'main',
      time: '2026-11-29T08:00:07.123Z',
      vin: row.vin,
      operation: row.operation,
      params: { percent: 80 },
      outcome: 'success',
      reason: null,
      errorKind: null,
      effect: null,
      durationMs: 412,
      technician: 'Ben',
      machine: 'bay-2',
      profileId: 'profile-ben',
      runId: null,
      bulk: false,
      dbRole: 'tech_ben',
      receivedAt: '2026-11-29T08:00:07.500Z',
      seq: 20544,
    });
  });

  it('keeps when it came back after a restore', () => {
    expect(auditFromJson({ ...row, resent_at: '2026-11-29T09:00:00+00:00' })?.resentAt).toBe(
      '2026-11-29T09:00:00.000Z',
    );
  });

  it('is null for what is not one, so the entry is read by its id instead', () => {
    expect(auditFromJson(null)).toBeNull();
    expect(auditFromJson(undefined)).toBeNull();
    expect(auditFromJson('a row')).toBeNull();
    expect(auditFromJson({ ...row, id: 7 })).toBeNull();
    expect(auditFromJson({ ...row, time: 'yesterday' })).toBeNull();
    expect(auditFromJson({ ...row, received_at: undefined })).toBeNull();
  });
});
