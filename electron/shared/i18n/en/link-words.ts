// What the window says when a vehicle-garage:// link from another program cannot be opened
// (renderer/src/lib/link-words.ts).
export const linkWords = {
  'link.garage': '{named, select, true {this garage ({name})} other {this garage}}',
  'link.notALink': 'A link could not be opened: it is not a vehicle-garage:// link.',
  'link.unknownKind':
    'A link could not be opened: "{shown}" is not something Vehicle Garage opens. Links name a vehicle (vehicle-garage://vehicle/VIN) or a job (vehicle-garage://job/repair order).',
  'link.malformedVin': 'A link could not be opened: "{shown}" is not a VIN ({problem}).',
  'link.vinLength': 'it needs {length, number} characters',
  'link.malformedRepairOrder':
    'A link could not be opened: its repair order is empty, too long or not on one line.',
  'link.unknownVehicle':
    'A link names the vehicle {shown}, which is not in {garage}. Add it to the garage, or switch to the profile that has it.',
  'link.unknownJob': 'A link names the repair order "{shown}", but {garage} has no job with it.',
};
