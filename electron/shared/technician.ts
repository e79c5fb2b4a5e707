// Who is at the keyboard: the name a repair order credits with each note, closing and reopening.
// Pure: main keeps it, the window shows and edits it.

/** The technician as the window shows it, and where that name came from. */
export interface TechnicianView {
  /** The name recorded when the technician types none. */
  name: string;
  /**
   * `shop`: the shop's name for this machine's technician (Settings → Shop); `typed`: kept on this
   * machine; `system`: the computer's name for the login (its full name where it has one).
   */
  from: 'shop' | 'typed' | 'system';
}
