// The vehicle's telemetry signal names, which are the keys of a fleet telemetry configuration's
// `fields`: the `Field` enum of the vehicle maker's public fleet-telemetry protocol
// (protos/vehicle_data.proto), without its placeholders (Unknown, Deprecated_n, Experimental_n), which
// no configuration names. Pure data: main, preload and renderer import it.

// prettier-ignore
export const TELEMETRY_FIELD_NAMES = [
  'DriveRail', 'ChargeState', 'BmsFullchargecomplete', 'VehicleSpeed', 'Odometer', 'PackVoltage',
  'PackCurrent', 'Soc', 'DCDCEnable', 'Gear', 'IsolationResistance', 'PedalPosition', 'BrakePedal',
  'DiStateR', 'DiHeatsinkTR', 'DiAxleSpeedR', 'DiTorquemotor', 'DiStatorTempR', 'DiVBatR',
  'DiMotorCurrentR', 'Location', 'GpsState', 'GpsHeading', 'NumBrickVoltageMax', 'BrickVoltageMax',
  'NumBrickVoltageMin', 'BrickVoltageMin', 'NumModuleTempMax', 'ModuleTempMax', 'NumModuleTempMin',
  'ModuleTempMin', 'RatedRange', 'Hvil', 'DCChargingEnergyIn', 'DCChargingPower', 'ACChargingEnergyIn',
  'ACChargingPower', 'ChargeLimitSoc', 'FastChargerPresent', 'EstBatteryRange', 'IdealBatteryRange',
  'BatteryLevel', 'TimeToFullCharge', 'ScheduledChargingStartTime', 'ScheduledChargingPending',
  'ScheduledDepartureTime', 'PreconditioningEnabled', 'ScheduledChargingMode', 'ChargeAmps',
  'ChargeEnableRequest', 'ChargerPhases', 'ChargePortColdWeatherMode', 'ChargeCurrentRequest',
  'ChargeCurrentRequestMax', 'BatteryHeaterOn', 'NotEnoughPowerToHeat',
  'SuperchargerSessionTripPlanner', 'DoorState', 'Locked', 'FdWindow', 'FpWindow', 'RdWindow',
  'RpWindow', 'VehicleName', 'SentryMode', 'SpeedLimitMode', 'CurrentLimitMph', 'Version',
  'TpmsPressureFl', 'TpmsPressureFr', 'TpmsPressureRl', 'TpmsPressureRr', 'SemitruckTpmsPressureRe1L0',
  'SemitruckTpmsPressureRe1L1', 'SemitruckTpmsPressureRe1R0', 'SemitruckTpmsPressureRe1R1',
  'SemitruckTpmsPressureRe2L0', 'SemitruckTpmsPressureRe2L1', 'SemitruckTpmsPressureRe2R0',
  'SemitruckTpmsPressureRe2R1', 'TpmsLastSeenPressureTimeFl', 'TpmsLastSeenPressureTimeFr',
  'TpmsLastSeenPressureTimeRl', 'TpmsLastSeenPressureTimeRr', 'InsideTemp', 'OutsideTemp',
  'SeatHeaterLeft', 'SeatHeaterRight', 'SeatHeaterRearLeft', 'SeatHeaterRearRight',
  'SeatHeaterRearCenter', 'AutoSeatClimateLeft', 'AutoSeatClimateRight', 'DriverSeatBelt',
  'PassengerSeatBelt', 'DriverSeatOccupied', 'SemitruckPassengerSeatFoldPosition',
  'LateralAcceleration', 'LongitudinalAcceleration', 'CruiseSetSpeed', 'LifetimeEnergyUsed',
  'LifetimeEnergyUsedDrive', 'SemitruckTractorParkBrakeStatus', 'SemitruckTrailerParkBrakeStatus',
  'BrakePedalPos', 'RouteLastUpdated', 'RouteLine', 'MilesToArrival', 'MinutesToArrival',
  'OriginLocation', 'DestinationLocation', 'CarType', 'Trim', 'ExteriorColor', 'RoofColor',
  'ChargePort', 'ChargePortLatch', 'GuestModeEnabled', 'PinToDriveEnabled',
  'PairedPhoneKeyAndKeyFobQty', 'CruiseFollowDistance', 'AutomaticBlindSpotCamera',
  'BlindSpotCollisionWarningChime', 'SpeedLimitWarning', 'ForwardCollisionWarning',
  'LaneDepartureAvoidance', 'EmergencyLaneDepartureAvoidance', 'AutomaticEmergencyBrakingOff',
  'LifetimeEnergyGainedRegen', 'DiStateF', 'DiStateREL', 'DiStateRER', 'DiHeatsinkTF',
  'DiHeatsinkTREL', 'DiHeatsinkTRER', 'DiAxleSpeedF', 'DiAxleSpeedREL', 'DiAxleSpeedRER',
  'DiSlaveTorqueCmd', 'DiTorqueActualR', 'DiTorqueActualF', 'DiTorqueActualREL', 'DiTorqueActualRER',
  'DiStatorTempF', 'DiStatorTempREL', 'DiStatorTempRER', 'DiVBatF', 'DiVBatREL', 'DiVBatRER',
  'DiMotorCurrentF', 'DiMotorCurrentREL', 'DiMotorCurrentRER', 'EnergyRemaining', 'ServiceMode',
  'BMSState', 'GuestModeMobileAccessState', 'DestinationName', 'DiInverterTR', 'DiInverterTF',
  'DiInverterTREL', 'DiInverterTRER', 'DetailedChargeState', 'CabinOverheatProtectionMode',
  'CabinOverheatProtectionTemperatureLimit', 'CenterDisplay', 'ChargePortDoorOpen', 'ChargerVoltage',
  'ChargingCableType', 'ClimateKeeperMode', 'DefrostForPreconditioning', 'DefrostMode',
  'EfficiencyPackage', 'EstimatedHoursToChargeTermination', 'EuropeVehicle',
  'ExpectedEnergyPercentAtTripArrival', 'FastChargerType', 'HomelinkDeviceCount', 'HomelinkNearby',
  'HvacACEnabled', 'HvacAutoMode', 'HvacFanSpeed', 'HvacFanStatus', 'HvacLeftTemperatureRequest',
  'HvacPower', 'HvacRightTemperatureRequest', 'HvacSteeringWheelHeatAuto',
  'HvacSteeringWheelHeatLevel', 'OffroadLightbarPresent', 'PowershareHoursLeft',
  'PowershareInstantaneousPowerKW', 'PowershareStatus', 'PowershareStopReason', 'PowershareType',
  'RearDisplayHvacEnabled', 'RearSeatHeaters', 'RemoteStartEnabled', 'RightHandDrive',
  'RouteTrafficMinutesDelay', 'SoftwareUpdateDownloadPercentComplete',
  'SoftwareUpdateExpectedDurationMinutes', 'SoftwareUpdateInstallationPercentComplete',
  'SoftwareUpdateScheduledStartTime', 'SoftwareUpdateVersion', 'TonneauOpenPercent', 'TonneauPosition',
  'TonneauTentMode', 'TpmsHardWarnings', 'TpmsSoftWarnings', 'ValetModeEnabled', 'WheelType',
  'WiperHeatEnabled', 'LocatedAtHome', 'LocatedAtWork', 'LocatedAtFavorite', 'SettingDistanceUnit',
  'SettingTemperatureUnit', 'Setting24HourTime', 'SettingTirePressureUnit', 'SettingChargeUnit',
  'ClimateSeatCoolingFrontLeft', 'ClimateSeatCoolingFrontRight', 'LightsHazardsActive',
  'LightsTurnSignal', 'LightsHighBeams', 'MediaPlaybackStatus', 'MediaPlaybackSource',
  'MediaAudioVolume', 'MediaNowPlayingDuration', 'MediaNowPlayingElapsed', 'MediaNowPlayingArtist',
  'MediaNowPlayingTitle', 'MediaNowPlayingAlbum', 'MediaNowPlayingStation',
  'MediaAudioVolumeIncrement', 'MediaAudioVolumeMax', 'SunroofInstalled', 'SeatVentEnabled',
  'RearDefrostEnabled', 'ChargeRateMilePerHour', 'MilesSinceReset', 'SelfDrivingMilesSinceReset',
] as const;

export type TelemetryFieldName = (typeof TELEMETRY_FIELD_NAMES)[number];

const KNOWN: ReadonlySet<string> = new Set(TELEMETRY_FIELD_NAMES);

export function isTelemetryFieldName(value: unknown): value is TelemetryFieldName {
  return typeof value === 'string' && KNOWN.has(value);
}

/** The service's recommended configuration (what an empty write restores): these fields, each at 60 s. */
export const RECOMMENDED_TELEMETRY_FIELDS = [
  'ACChargingPower',
  'BatteryLevel',
  'ChargeState',
  'DCChargingPower',
  'EnergyRemaining',
  'Gear',
  'IdealBatteryRange',
  'Location',
  'Odometer',
  'RatedRange',
] as const satisfies readonly TelemetryFieldName[];

export const RECOMMENDED_INTERVAL_SECONDS = 60;

/** The recommended configuration's `fields` map, a fresh object each call. */
export function recommendedTelemetryFields(): Record<string, { interval_seconds: number }> {
  const fields: Record<string, { interval_seconds: number }> = {};
  for (const name of RECOMMENDED_TELEMETRY_FIELDS)
    fields[name] = { interval_seconds: RECOMMENDED_INTERVAL_SECONDS };
  return fields;
}
