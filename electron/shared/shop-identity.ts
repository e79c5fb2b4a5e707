// The shop a solo technician's repair orders are printed for: its name and postal address, as the
// head of the PDF shows them. Kept by main (Settings); a job that names its shop prints that name.
// Pure: the IPC schema, main's file and the Settings form share the limits.

export interface ShopIdentity {
  /** "Reyes & Sons Motors"; '' when not said (the page says it is a solo technician's). */
  name: string;
  /** The postal address, one line per line of the page; '' when not said. */
  address: string;
}

export const SHOP_NAME_MAX = 120;
export const SHOP_ADDRESS_MAX = 400;
/** An address block, not a letter: more lines than this is not an address. */
export const SHOP_ADDRESS_LINES_MAX = 6;

export const NO_SHOP_IDENTITY: ShopIdentity = { name: '', address: '' };

/** The address's lines, each trimmed, empty ones left out. */
export const addressLines = (address: string): string[] =>
  address
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
