// The names of every profile's vehicles (nickname, plate, model) for an export of the log, read once
// per export from the garages: an entry names its car as the technician knows it.
import type { VehicleLookup, VehicleNames } from '../audit/audit-csv';
import type { GarageService } from './garage-service';

const CAR_TYPES: Record<string, string> = {
  models: 'Model S',
  model3: 'Model 3',
  modelx: 'Model X',
  modely: 'Model Y',
  cybertruck: 'Cybertruck',
};

export function createVehicleNames(options: {
  profileIds: () => Promise<string[]>;
  garage: Pick<GarageService, 'list'>;
}): () => Promise<VehicleLookup> {
  return async () => {
    const names = new Map<string, VehicleNames>();
    for (const profileId of await options.profileIds()) {
      for (const vehicle of await options.garage.list(profileId)) {
        const carType = vehicle.glance.carType?.value;
        names.set(`${profileId}\u0000${vehicle.vin}`, {
          nickname: vehicle.nickname,
          plate: vehicle.plate,
          model: vehicle.model ?? (carType ? (CAR_TYPES[carType.toLowerCase()] ?? carType) : null),
        });
      }
    }
    return (profileId, vin) => names.get(`${profileId}\u0000${vin}`);
  };
}
