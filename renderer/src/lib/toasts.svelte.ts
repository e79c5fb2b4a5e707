// Short notices shown in a polite live region; they never take focus. At most three are shown,
// and they leave on their own: confirmations quickly, errors after long enough to read them.
export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export const MAX_TOASTS = 3;
export const LIFETIME_MS: Record<ToastTone, number> = { success: 4000, info: 5000, error: 9000 };
let nextId = 1;

class Toasts {
  items = $state<Toast[]>([]);

  /** `sticky`: stays until dismissed (what the technician asked for from another program). */
  show(message: string, tone: ToastTone = 'info', options: { sticky?: boolean } = {}): void {
    const id = nextId++;
    this.items = [...this.items.slice(-(MAX_TOASTS - 1)), { id, message, tone }];
    if (!options.sticky) setTimeout(() => this.dismiss(id), LIFETIME_MS[tone]);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((toast) => toast.id !== id);
  }

  clear(): void {
    this.items = [];
  }
}

export type ToastsStore = Toasts;

export function createToasts(): ToastsStore {
  return new Toasts();
}
