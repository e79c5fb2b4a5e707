// A shared desk: one OS account, several technicians, each signing in to the shop with their own
// database role and password. What the window knows of it (never a password), and the bounds of
// its one setting, the idle minutes before the desk locks. Plain types, shared by main, preload and
// renderer.

/** The person signed in at the desk, as the header names them. */
export interface DeskPerson {
  /** The database role they signed in as (what the server stamps on every row). */
  role: string;
  /** Their name as the shop knows it (the role's comment in the database), else the role. */
  name: string;
}

export type DeskState = 'signed-out' | 'signed-in' | 'locked';

export type DeskView =
  | { desk: false }
  | {
      desk: true;
      profileId: string;
      state: DeskState;
      /** Who is signed in (also while locked); null when signed out. */
      person: DeskPerson | null;
      lockMinutes: number;
      /** The database roles with a password remembered for this profile on this computer. */
      remembered: string[];
    };

/** A profile's desk setting: off unless IT turns it on. */
export interface DeskSetting {
  enabled: boolean;
  /** Idle minutes after which the desk locks. */
  lockMinutes: number;
}

export const DESK_LOCK_MINUTES_MIN = 1;
export const DESK_LOCK_MINUTES_MAX = 480;
export const DESK_LOCK_MINUTES_DEFAULT = 10;
/** A database role name as PostgreSQL keeps it (63 bytes; fewer characters when not ASCII). */
export const DESK_ROLE_MAX = 63;

export const isDesk = (settings: { mode: string; desk?: DeskSetting }): boolean =>
  settings.mode === 'shop' && settings.desk?.enabled === true;
