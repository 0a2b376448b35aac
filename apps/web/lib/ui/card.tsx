import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A bordered surface: a list row, a panel, a question's card. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("rounded-xl border bg-card text-card-foreground shadow-xs", className)}
      {...props}
    />
  );
}
