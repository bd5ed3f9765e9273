import { clsx, type ClassValue } from 'clsx';
import { mergeTailwindClasses } from './tailwind-class-merge';

declare global {
  /** Set by the web test setup: compares every merge with tailwind-merge's. */
  var verifyClassMerge: ((input: string, output: string) => void) | undefined;
}

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  const joined = clsx(inputs);
  const merged = mergeTailwindClasses(joined);
  if (import.meta.env.MODE === 'test') globalThis.verifyClassMerge?.(joined, merged);
  return merged;
}
