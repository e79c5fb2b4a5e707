// Short notices shown in a polite live region; they never take focus.
export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const LIFETIME_MS = 6000;
let nextId = 1;

class Toasts {
  items = $state<Toast[]>([]);

  show(message: string, tone: ToastTone = 'info'): void {
    const id = nextId++;
    this.items = [...this.items.slice(-3), { id, message, tone }];
    setTimeout(() => this.dismiss(id), LIFETIME_MS);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((toast) => toast.id !== id);
  }
}

export const toasts = new Toasts();
