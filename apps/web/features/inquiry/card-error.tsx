"use client";

import { useEffect, useRef } from "react";
import { FieldError } from "@/lib/ui/input";
import { cn } from "@/lib/ui/cn";

/**
 * A failure shown inside a card, brought into view when it appears. Its scroll margins keep
 * it clear of what sticks to the page's edges (the header above, the chat's message box and
 * the phone's navigation below), so an error is never read half hidden behind them.
 */
export function CardError({
  children,
  className,
  testId = "error-message",
  id,
}: {
  children: string;
  className?: string;
  testId?: string;
  id?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [children]);
  return (
    <FieldError
      ref={ref}
      id={id}
      data-testid={testId}
      className={cn("scroll-mt-24 scroll-mb-48", className)}
    >
      {children}
    </FieldError>
  );
}
