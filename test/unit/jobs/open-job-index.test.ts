// The index of open jobs answers only while current (filled, nothing stale since), keeps the newest
// version of each job whatever order its reads finish in, drops what an ended epoch read, and says
// "not known" of a car two jobs are said to be open on.
import { describe, expect, it } from 'vitest';
import { createOpenJobIndex } from '../../../electron/main/jobs/open-job-index';

const VIN = '5YJ3E1EA7KF000001';
const row = (id: string, status: 'open' | 'closed', seq: number, vin = VIN) => ({ id, vin, status, seq });

describe('the open-job index', () => {
  it('is not known until filled, and answers none or the one open job after', () => {
    const index = createOpenJobIndex();
    const epoch = index.epoch('p');
    index.follow('p', epoch, row('a', 'open', 3));
    expect(index.openOn('p', VIN)).toBeUndefined();
    index.fill('p', epoch, [row('b', 'closed', 2, '5YJ3E1EA7KF000002')]);
    expect(index.openOn('p', VIN)).toBe('a');
    expect(index.openOn('p', '5YJ3E1EA7KF000002')).toBeNull();
    expect(index.openOn('other', VIN)).toBeUndefined();
  });

  it('keeps the newest version of a job, in whatever order its reads finish', () => {
    const index = createOpenJobIndex();
    const epoch = index.epoch('p');
    index.fill('p', epoch, []);
    index.follow('p', epoch, row('a', 'closed', 7));
    // The fill's (or an earlier refresh's) older read of it comes last.
    index.follow('p', epoch, row('a', 'open', 5));
    expect(index.openOn('p', VIN)).toBeNull();
    index.follow('p', epoch, row('a', 'open', 9));
    expect(index.openOn('p', VIN)).toBe('a');
  });

  it('says "not known" of a car two jobs are said to be open on, until one is read closed', () => {
    const index = createOpenJobIndex();
    const epoch = index.epoch('p');
    index.follow('p', epoch, row('new', 'open', 8));
    index.fill('p', epoch, [row('old', 'open', 5)]);
    expect(index.openOn('p', VIN)).toBeUndefined();
    index.follow('p', epoch, row('old', 'closed', 7));
    expect(index.openOn('p', VIN)).toBe('new');
  });

  it('goes stale at once, and drops what was read before it', () => {
    const index = createOpenJobIndex();
    const before = index.epoch('p');
    index.fill('p', before, [row('a', 'open', 5)]);
    index.stale('p');
    expect(index.openOn('p', VIN)).toBeUndefined();
    // A fill or a read that began before the stale mark is not taken.
    index.fill('p', before, []);
    expect(index.openOn('p', VIN)).toBeUndefined();
    const after = index.epoch('p');
    index.follow('p', before, row('b', 'open', 9));
    // After a restore to an earlier point, numbers go back: the new epoch's lower number counts.
    index.fill('p', after, [row('a', 'closed', 2)]);
    expect(index.openOn('p', VIN)).toBeNull();
  });
});
