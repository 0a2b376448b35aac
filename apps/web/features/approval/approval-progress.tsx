"use client";

import { useT } from "@/features/i18n";
import { useLiveInquiries } from "@/features/live";

/**
 * "1 of 2 approvals" on a team approval that needs several people, updated live from
 * `inquiry:progress` on every device once someone voted; nothing before the first vote or
 * for approvals one person decides.
 */
export function ApprovalProgress({ inquiryId }: { inquiryId: string }) {
  const t = useT();
  const current = useLiveInquiries().progress.get(inquiryId);
  if (current === undefined || current.required < 2) return null;
  const { approvals, required } = current;
  return (
    <p
      className="text-sm font-medium text-muted-foreground"
      data-testid="approval-progress"
      aria-live="polite"
    >
      {t("approval.progress", { approvals, required })}
    </p>
  );
}
