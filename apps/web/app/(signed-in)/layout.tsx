import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { AppHeader } from "@/features/auth/app-header";
import { LiveAlerts } from "@/features/inbox/live-alerts";
import { HubSocketProvider } from "@/features/live/hub-socket-provider";
import { ProtocolMismatchNotice } from "@/features/live/protocol-mismatch-notice";
import { ServiceWorkerRegistrar } from "@/features/pwa/service-worker-registrar";
import { readToken, readUser } from "@/lib/session";

/**
 * Every signed-in page (chat, inbox, devices): the header and this tab's one live
 * connection to the hub, kept while moving between pages.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if ((await readToken()) === undefined) redirect("/login");
  const user = await readUser();
  return (
    <div className="page">
      <ServiceWorkerRegistrar />
      <HubSocketProvider>
        <AppHeader username={user?.username} />
        <ProtocolMismatchNotice />
        <LiveAlerts />
        {children}
      </HubSocketProvider>
    </div>
  );
}
