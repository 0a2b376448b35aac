"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/features/i18n";
import { useLiveInquiries } from "@/features/live";
import { notifyNewInquiry } from "./browser-notifications";
import { badgedTitle } from "./title-badge";
import { useOpenInquiries } from "./use-open-inquiries";
import "./inbox.css";

const TOAST_MS = 6_000;

/**
 * What a new inquiry raises on every signed-in page: the pending count in the tab title,
 * an in-page toast (not on the chat, which shows its own question inline), and a system
 * notification when the person allowed them.
 */
export function LiveAlerts() {
  const pathname = usePathname();
  const t = useT();
  const tRef = useRef(t);
  const { latestNew } = useLiveInquiries();
  const { open } = useOpenInquiries();
  const [toastSequence, setToastSequence] = useState<number | undefined>(undefined);
  const onChatRef = useRef(pathname === "/chat");

  useEffect(() => {
    onChatRef.current = pathname === "/chat";
    tRef.current = t;
  }, [pathname, t]);

  useEffect(() => {
    document.title = badgedTitle(document.title, open.length);
  }, [open.length, pathname]);

  useEffect(() => {
    if (latestNew === undefined) return;
    const onChat = onChatRef.current;
    if (!onChat || document.visibilityState !== "visible")
      notifyNewInquiry(latestNew.inquiry, tRef.current);
    if (onChat) return;
    setToastSequence(latestNew.sequence);
    const timer = setTimeout(() => setToastSequence(undefined), TOAST_MS);
    return () => clearTimeout(timer);
  }, [latestNew]);

  if (toastSequence === undefined) return null;
  return (
    <div className="toast">
      <p role="status" data-testid="inquiry-toast" className="toast__text">
        {t("toast.newQuestion")}
      </p>
      {pathname !== "/inbox" && (
        <Link href="/inbox" className="toast__link">
          {t("toast.openInbox")}
        </Link>
      )}
      <button
        type="button"
        className="button--secondary toast__close"
        aria-label={t("toast.dismiss")}
        onClick={() => setToastSequence(undefined)}
      >
        ×
      </button>
    </div>
  );
}
