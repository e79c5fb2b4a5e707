import { describe, expect, it } from 'vitest';
import { DEMO_SIMULATOR_ENV, demoSimulatorSettings } from '../../../electron/main/app/demo-settings';

const env = (value: string) => ({ [DEMO_SIMULATOR_ENV]: value });

describe('the demo simulator settings of a development run', () => {
  it('takes the simulator flags that shape the fleet and its timing', () => {
    expect(
      demoSimulatorSettings(
        env('--vehicles 250 --rate-limit 2/s --wake-delay=300 --completion-delay 50 --no-flakiness'),
        false,
      ),
    ).toEqual({
      options: {
        vehicles: 250,
        rateLimitPerSecond: 2,
        wakeDelayMs: 300,
        completionDelayMs: 50,
        flakiness: false,
      },
      problem: null,
    });
  });

  it('runs the default demo when the variable is unset or blank, and says nothing', () => {
    expect(demoSimulatorSettings({}, false)).toEqual({ options: {}, problem: null });
    expect(demoSimulatorSettings(env('   '), false)).toEqual({ options: {}, problem: null });
  });

  it('is ignored by an installed app, and the log says so', () => {
    expect(demoSimulatorSettings(env('--vehicles 250'), true)).toEqual({
      options: {},
      problem: `${DEMO_SIMULATOR_ENV} is ignored by an installed app`,
    });
  });

  it('never lets the environment choose where the demo listens or its token', () => {
    for (const flag of [
      '--port 8787',
      '--host 0.0.0.0',
      '--token abc',
      '--host=0.0.0.0',
      '--driver-token d',
    ]) {
      const settings = demoSimulatorSettings(env(`--vehicles 20 ${flag}`), false);
      expect(settings.options).toEqual({});
      expect(settings.problem).toMatch(/cannot be set for the demo garage/);
    }
  });

  it('falls back to the defaults with the parser’s own reason for a bad flag', () => {
    expect(demoSimulatorSettings(env('--vehicles 5000'), false)).toEqual({
      options: {},
      problem: `${DEMO_SIMULATOR_ENV}: --vehicles must be an integer from 1 to 1000; the demo runs with its defaults`,
    });
    expect(demoSimulatorSettings(env('--wake-delay'), false).problem).toMatch(/--wake-delay needs a value/);
    expect(demoSimulatorSettings(env('--sleepy 1'), false).problem).toMatch(/unknown option --sleepy/);
  });
});
