// A car of the shop's board with nothing known of it but its VIN and name, for tests to add the
// parts they are about to.
import type { BoardCar } from '../../electron/shared/shop-board';

export function boardCar(vin: string, nickname: string, parts: Partial<BoardCar> = {}): BoardCar {
  return {
    vin,
    nickname,
    plate: null,
    claim: null,
    job: null,
    state: {},
    lastAction: null,
    waiting: 0,
    ...parts,
  };
}
