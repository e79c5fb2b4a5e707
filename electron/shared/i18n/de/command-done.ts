import type { commandDone as en } from '../en/command-done';

export const commandDone = {
  'commandDone.setTo':
    '{name, select, set_temperatures {Innenraumtemperatur} set_charging_amps {Ladestrom} set_charge_limit {Ladelimit} set_speed_limit {Geschwindigkeitsbegrenzung} other {{label}}} auf {value, number} {unit} eingestellt',
  'commandDone.done':
    '{name, select, enable_low_power_mode {Energiesparmodus eingeschaltet} disable_low_power_mode {Energiesparmodus ausgeschaltet} set_temperatures {Innenraumtemperatur eingestellt} set_charging_amps {Ladestrom eingestellt} set_charge_limit {Ladelimit eingestellt} set_speed_limit {Geschwindigkeitsbegrenzung eingestellt} open_charge_port {Ladeklappe geöffnet} close_charge_port {Ladeklappe geschlossen} close_windows {Fenster geschlossen} enable_valet {Valet-Modus eingeschaltet} disable_valet {Valet-Modus ausgeschaltet} other {{label}}}',
  'commandDone.awake': 'Das Fahrzeug ist wach',
  'commandDone.saidDone': '{attempt}: Das Fahrzeug hat die Ausführung gemeldet',
  'commandDone.woken': '{text} (das Fahrzeug wurde dafür geweckt)',
  'commandDone.accepted': 'Vom Dienst angenommen; das Fahrzeug zeigt es noch nicht an',
  'commandDone.notSent': 'Nicht gesendet.',
  'commandDone.undo': 'Rückgängig: zurück auf {value, number} {unit}',
} satisfies Record<keyof typeof en, string>;
