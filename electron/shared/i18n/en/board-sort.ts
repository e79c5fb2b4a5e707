// The board's sorts the other way, and its column headers as the buttons that sort by them
// (renderer/src/components/shop/BoardHead.svelte, ShopBoardView.svelte).
export const boardSort = {
  'boardSort.reversed.name': 'Name, Z to A',
  'boardSort.reversed.jobAge': 'Job open shortest',
  'boardSort.reversed.battery': 'Battery highest',
  'boardSort.reversed.lastAction': 'Earliest action',
  'boardSort.reversed.claimSince': 'Claimed most recently',
  'boardSort.by.vehicle': 'Sort by vehicle',
  'boardSort.by.claim': 'Sort by claim',
  'boardSort.by.job': 'Sort by open job',
  'boardSort.by.state': 'Sort by battery',
  'boardSort.by.lastAction': 'Sort by last action',
};
