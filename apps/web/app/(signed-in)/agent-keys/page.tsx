import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AgentKeysView } from "@/features/agent-keys";
import { readEnv } from "@/lib/env";
import { publicHubUrl } from "@/lib/server/hub-url";
import { serverTranslator } from "@/lib/server/server-locale";
import { readToken } from "@/lib/server/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.agentKeys") };
}

/**
 * Agent keys; the hub URL shown in "how to use" is the one this browser reaches directly,
 * never PUBLIC_URL, whose front door carries only Socket.IO to the hub, not `/mcp`.
 */
export default async function AgentKeysPage() {
  if ((await readToken()) === undefined) redirect("/login");
  const env = readEnv();
  const hubUrl = publicHubUrl({
    hubUrl: env.HUB_URL,
    hubPublicUrl: env.HUB_PUBLIC_URL,
    pageHosts: [(await headers()).get("host")],
  });
  return <AgentKeysView hubUrl={hubUrl} />;
}
