import { z } from "zod";
import { DEFAULT_HUB_CONFIG } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { MIN_REQUEST_STATE_SECRET_LENGTH } from "../features/approvals/request-state-seal";
import { count, flag, readOrRefuse } from "./env-fields";
import { loadProxyConfig } from "./load-proxy-config";

const { proxySessionCaps } = DEFAULT_HUB_CONFIG;

/** The approval proxy: its configuration file, its audit, its sealed state and its caps. */
export const ProxyEnvSchema = z.object({
  PROXY_CONFIG_PATH: z.string().optional().meta({
    description:
      "JSON file of the approval proxy's upstreams and policies (`npm start` uses `config/proxy.example.json`); unset or empty: no proxy.",
  }),
  HUB_AUDIT_FULL_ARGUMENTS: flag(DEFAULT_HUB_CONFIG.auditFullArguments).meta({
    description:
      "`1`: the approval audit on stdout prints full tool arguments; `0`: keys kept, values redacted.",
  }),
  HUB_AUDIT_SIGNING_KEY_FILE: z.string().min(1).optional().meta({
    description:
      "PKCS#8 PEM file of the Ed25519 key that signs the audit chains (`openssl genpkey -algorithm ed25519`). Unset: generated on the first start and kept in the store (memory: per process; embedded: in its database; Redis: the first node's key for all).",
  }),
  HUB_REQUEST_STATE_SECRET: z
    .string()
    .min(MIN_REQUEST_STATE_SECRET_LENGTH, `at least ${MIN_REQUEST_STATE_SECRET_LENGTH} characters`)
    .optional()
    .meta({
      description:
        "Key (at least 32 characters) sealing the approval proxy's `requestState` for 2026-07-28 clients. Unset: generated and persisted, right for one node; several nodes must share one value (a retry reaching a node with another key is refused as tampered; a node with `REDIS_URL` and no value logs a warning).",
    }),
  HUB_PROXY_SESSIONS_PER_CREDENTIAL: count(proxySessionCaps.perCredential).meta({
    description: "Open approval-proxy sessions per credential, over every upstream.",
  }),
  HUB_PROXY_SESSIONS_PER_USER: count(proxySessionCaps.perUser).meta({
    description: "Open approval-proxy sessions per user, over every upstream.",
  }),
  HUB_PROXY_SESSIONS_TOTAL: count(proxySessionCaps.total).meta({
    description: "Open approval-proxy sessions on this node, over every upstream.",
  }),
  HUB_UPSTREAM_MAX_RESULT_BYTES: count(DEFAULT_HUB_CONFIG.upstreamMaxResultBytes).meta({
    description:
      "Largest upstream response relayed, in bytes (8 MiB), unless an upstream sets its own `max_result_bytes`. A bigger one is never read whole: the call gets an MCP error naming the size and the cap (the upstream may have run it); on a stdio upstream the connection closes instead.",
  }),
});

type ProxyEnv = z.infer<typeof ProxyEnvSchema>;

/** The proxy configuration named by PROXY_CONFIG_PATH, or an Error naming the bad key. */
function readProxyConfig(
  path: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): HubConfig["proxy"] {
  if (path === undefined) return undefined;
  return readOrRefuse(() => loadProxyConfig(path, env), "PROXY_CONFIG_PATH");
}

/**
 * The proxy settings; `present` is the whole environment, whose variables the proxy file may
 * name for its upstreams' secrets.
 */
export function proxySettings(
  env: ProxyEnv,
  present: Readonly<Record<string, string | undefined>>,
): Pick<
  HubConfig,
  | "proxy"
  | "auditFullArguments"
  | "auditSigningKeyFile"
  | "requestStateSecret"
  | "proxySessionCaps"
  | "upstreamMaxResultBytes"
> {
  return {
    proxy: readProxyConfig(env.PROXY_CONFIG_PATH, present),
    auditFullArguments: env.HUB_AUDIT_FULL_ARGUMENTS,
    auditSigningKeyFile: env.HUB_AUDIT_SIGNING_KEY_FILE,
    requestStateSecret: env.HUB_REQUEST_STATE_SECRET,
    proxySessionCaps: {
      perCredential: env.HUB_PROXY_SESSIONS_PER_CREDENTIAL,
      perUser: env.HUB_PROXY_SESSIONS_PER_USER,
      total: env.HUB_PROXY_SESSIONS_TOTAL,
    },
    upstreamMaxResultBytes: env.HUB_UPSTREAM_MAX_RESULT_BYTES,
  };
}
