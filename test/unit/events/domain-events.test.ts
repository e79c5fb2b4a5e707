// The port services publish their facts through: each fact reaches the reactions of its type, in the
// order they were added, with its payload as published; a reaction that throws is reported and the
// others still run; a removed reaction hears nothing more.
import { describe, expect, it } from 'vitest';
import { createDomainEvents } from '../../../electron/main/events/domain-events';

describe('domain events', () => {
  it('runs the reactions of a fact in order, with its payload, past one that throws', () => {
    const problems: unknown[] = [];
    const facts = createDomainEvents((type, error) => problems.push([type, (error as Error).message]));
    const heard: string[] = [];
    facts.on('profile.activated', ({ profileId }) => heard.push(`first ${profileId}`));
    facts.on('profile.activated', () => {
      throw new Error('broken reaction');
    });
    const off = facts.on('profile.activated', ({ profileId }) => heard.push(`third ${profileId}`));
    facts.on('profile.removed', ({ profileId }) => heard.push(`removed ${profileId}`));

    facts.publish('profile.activated', { profileId: 'p1' });
    off();
    facts.publish('profile.activated', { profileId: 'p2' });
    facts.publish('setting.saved', { what: 'network' });

    expect(heard).toEqual(['first p1', 'third p1', 'first p2']);
    expect(problems).toEqual([
      ['profile.activated', 'broken reaction'],
      ['profile.activated', 'broken reaction'],
    ]);
  });
});
