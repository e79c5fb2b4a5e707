// Who a job's actions are credited to: the Job tab's Technician field and what it says of the
// default (renderer/src/components/vehicle/job, renderer/src/lib/technician.svelte.ts).
export const technician = {
  'technician.label': 'Technician',
  'technician.typed': 'Kept on this computer for the next job, note and closing.',
  'technician.fromShop': "Empty: {name}, the shop's name for you.",
  'technician.fromSystem': "Empty: {name}, this computer's user.",
  'technician.notRead': "Empty: the shop's name for you, or this computer's user.",
};
