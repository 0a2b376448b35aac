"use client";

import { useEffect, useRef } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/features/i18n";
import { useLiveInquiries } from "@/features/live";
import { buttonVariants } from "@/lib/ui/button";
import { useToast } from "@/lib/ui/toast";
import { notifyNewInquiry } from "./browser-notifications";
import { badgeFavicon } from "./favicon-badge";
import { badgedTitle } from "./title-badge";
import { useOpenInquiries } from "./use-open-inquiries";

const TOAST_MS = 10_000;

/**
 * What a new inquiry raises on every signed-in page: the pending count in the tab title and
 * on its icon, a toast with "Open inbox" (not on the chat, which shows its own question
 * inline), and a system notification when the person allowed them: one per batch of approvals.
 */
export function LiveAlerts() {
  const pathname = usePathname();
  const t = useT();
  const showToast = useToast();
  const { latestNew } = useLiveInquiries();
  const { open } = useOpenInquiries();
  const latest = useRef({ t, showToast, pathname, open });

  useEffect(() => {
    latest.current = { t, showToast, pathname, open };
  }, [open, pathname, showToast, t]);

  useEffect(() => {
    document.title = badgedTitle(document.title, open.length);
  }, [open.length, pathname]);

  useEffect(() => badgeFavicon(open.length), [open.length, pathname]);

  useEffect(() => {
    if (latestNew === undefined) return;
    const { t: translate, showToast: show, pathname: page, open: shown } = latest.current;
    const onChat = page === "/chat";
    const batchId = latestNew.inquiry.approval?.batchId;
    const batchSize =
      batchId === undefined
        ? 1
        : new Set(
            [...shown, latestNew.inquiry]
              .filter((inquiry) => inquiry.approval?.batchId === batchId)
              .map((inquiry) => inquiry.id),
          ).size;
    if (!onChat || document.visibilityState !== "visible")
      notifyNewInquiry(latestNew.inquiry, translate, batchSize);
    if (onChat) return;
    show({
      text: translate("toast.newQuestion"),
      testId: "inquiry-toast",
      durationMs: TOAST_MS,
      action:
        page === "/inbox" ? undefined : (
          <Link href="/inbox" className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {translate("toast.openInbox")}
          </Link>
        ),
    });
  }, [latestNew]);

  return null;
}
