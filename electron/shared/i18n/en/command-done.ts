// How a command to one car ended, as main words it once in the run's record and the window shows it
// beside the button (electron/shared/command-outcome.ts).
export const commandDone = {
  'commandDone.setTo':
    '{name, select, set_temperatures {Cabin temperature} set_charging_amps {Charging current} set_charge_limit {Charge limit} set_speed_limit {Speed limit} other {{label}}} set to {value, number} {unit}',
  'commandDone.done':
    '{name, select, enable_low_power_mode {Low power mode enabled} disable_low_power_mode {Low power mode disabled} set_temperatures {Cabin temperature set} set_charging_amps {Charging current set} set_charge_limit {Charge limit set} set_speed_limit {Speed limit set} open_charge_port {Charge port opened} close_charge_port {Charge port closed} close_windows {Windows closed} enable_valet {Valet mode enabled} disable_valet {Valet mode disabled} other {{label}}}',
  'commandDone.awake': 'The vehicle is awake',
  'commandDone.saidDone': '{attempt}: the vehicle said it did it',
  'commandDone.woken': '{text} (the vehicle was woken for it)',
  'commandDone.accepted': 'Accepted by the service; the car has not shown it yet',
  'commandDone.notSent': 'Not sent.',
  'commandDone.undo': 'Undo: back to {value, number} {unit}',
};
