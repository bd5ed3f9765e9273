import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '@contract/limits';

/** A tiny toast store: at most TOAST_LIMIT (1) toast visible; a new toast replaces the old one. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  open: boolean;
}

let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(message: Omit<ToastMessage, 'id' | 'open'>): number {
  const id = nextId++;
  toasts = [{ ...message, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Removed after the exit animation.
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, 250);
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => NO_TOASTS,
  );
}

const NO_TOASTS: ToastMessage[] = [];
