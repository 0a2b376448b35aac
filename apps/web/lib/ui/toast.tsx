"use client";

import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { cn } from "./cn";

/** One toast: a line of text, an optional action (a link, say) and how long it stays. */
export interface ToastInput {
  text: string;
  action?: ReactNode;
  durationMs?: number;
  testId?: string;
}

interface ShownToast extends ToastInput {
  id: number;
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | undefined>(undefined);

const DEFAULT_DURATION_MS = 8_000;

/**
 * Radix toasts (announced politely, paused while hovered or focused, F8 reaches them, a swipe
 * or × dismisses) shown by `useToast()`. The region sits at the top on phones, under the
 * header, and at the bottom right on desks: away from the bottom navigation and from the
 * buttons of cards, which keep to the page's main column.
 */
export function ToastProvider({
  dismissLabel,
  children,
}: {
  dismissLabel: string;
  children: ReactNode;
}) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const show = useCallback<ShowToast>((toast) => {
    setToasts((current) => [...current.slice(-2), { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            duration={toast.durationMs ?? DEFAULT_DURATION_MS}
            onOpenChange={(open) => {
              if (!open) remove(toast.id);
            }}
            className="flex items-center gap-3 rounded-xl border bg-card p-3 text-sm text-card-foreground shadow-lg data-[swipe=end]:hidden"
          >
            <Toast.Description data-testid={toast.testId} className="flex-1">
              {toast.text}
            </Toast.Description>
            {toast.action}
            <Toast.Close
              aria-label={dismissLabel}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border-0 bg-transparent p-0 text-foreground hover:bg-muted"
            >
              <X className="size-4" aria-hidden />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport
          className={cn(
            "fixed inset-x-2 top-16 z-50 flex flex-col gap-2 outline-none",
            "sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:w-96",
          )}
        />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a toast; needs a ToastProvider above (app/providers.tsx has one). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (show === undefined) throw new Error("useToast needs a ToastProvider.");
  return show;
}
