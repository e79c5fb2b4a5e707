// The Job tab and the job's PDF on a day on the floor: how old a check-in value was when taken,
// drivers by name, the repair order's cause and correction kept while the job is open, and the
// solo shop's name and address printed on the repair order (Settings → Shop on the repair order).
export const jobDay = {
  'jobDay.aged': '{when}, {age} at {side, select, checkIn {check-in} other {check-out}}',
  'jobDay.speedLimit': 'The speed limit is {now, number} {unit}; it was {was, number} {unit} at check-in.',
  'jobDay.cell': '{value}, {note}',
  'jobDay.unnamedDriver': 'unnamed driver (id {id})',
  'jobDay.customer': 'Customer',
  'jobDay.saveStory': 'Save cause and correction',
  'jobDay.storySaved': 'Saved the cause and correction of repair order {repairOrder}',
  'jobDay.closedStory': 'The job is closed: reopen it to change its cause or correction.',
  'jobDay.storyHint': 'Kept with the job as you save it; closing the job keeps what is typed here too.',
  'jobDay.shopTitle': 'Shop on the repair order',
  'jobDay.shopLead':
    'Printed at the head of each repair order this computer exports as a PDF, unless the job names its shop.',
  'jobDay.shopName': 'Shop name',
  'jobDay.shopAddress': 'Shop address',
  'jobDay.shopSave': 'Save shop details',
  'jobDay.shopSaved': 'Saved the shop details for the repair order.',
  'jobDay.shopNameTooLong': 'The shop name is longer than {max, number} characters.',
  'jobDay.shopAddressTooLong': 'The shop address is longer than {max, number} characters.',
  'jobDay.shopAddressLines': 'The shop address has more than {max, number} lines.',
};
