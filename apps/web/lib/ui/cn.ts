import { clsx } from "clsx";
import type { ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and lets the last Tailwind utility of a kind win, so a caller's
 * `className="px-2"` replaces a component's own `px-4` instead of fighting it in the cascade.
 *
 * @example cn("px-4 py-2", isActive && "bg-accent", "px-2") // "py-2 bg-accent px-2"
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
