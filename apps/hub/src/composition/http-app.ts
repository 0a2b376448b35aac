import cors from "cors";
import express from "express";
import type { Express, Router } from "express";
import type { ConversationService } from "../features/conversations/conversation-service";
import { createConversationRoutes } from "../features/conversations/http/conversation-routes";
import { createAgentCredentialRoutes } from "../features/accounts/http/agent-credential-routes";
import { createAuthRoutes } from "../features/accounts/http/auth-routes";
import { createDeviceRoutes } from "../features/accounts/http/device-routes";
import { createPairingRoutes } from "../features/accounts/http/pairing-routes";
import { limitAttempts } from "../features/accounts/http/rate-limit";
import { createLoginThrottle } from "../features/accounts/login-throttle";
import { createInquiryRoutes } from "../features/inquiries/http/inquiry-routes";
import { createBatchDecisions } from "../features/approvals/batches/batch-decision";
import { createBatchRoutes } from "../features/approvals/batches/http/batch-routes";
import { createAuditRoutes } from "../features/audit/http/audit-routes";
import { createSettingsRoutes } from "../features/settings/http/settings-routes";
import type { HubConfig } from "../config/hub-config";
import { createErrorHandler, notFoundHandler } from "../platform/http/error-response";
import { createReadinessHandler } from "../platform/http/readiness-route";
import { securityHeaders } from "../platform/http/security-headers";
import type { Accounts } from "./accounts-wiring";
import { wireApprovalRules } from "./approval-rules-wiring";
import { wireAudit } from "./audit-wiring";
import type { HubDeps } from "./hub-deps";
import type { Inquiries } from "./inquiry-wiring";
import type { McpSurfaces } from "./mcp-wiring";

/** The routers built elsewhere that the app mounts as they are. */
export interface MountedRouters {
  /** History, push, webhooks, decision links, receipts (channel-wiring.ts). */
  channels: Router;
  /** `/metrics` when it is served on the hub's own port. */
  metrics: Router;
}

/**
 * The hub's Express app: security headers and CORS, the rate limits of logins, pairing,
 * conversation writes and agent keys, then every route behind the check its caller needs
 * (a person's device, or any credential), and the JSON error handler last.
 */
export function createHttpApp(
  config: HubConfig,
  deps: HubDeps,
  parts: {
    accounts: Accounts;
    core: Inquiries;
    conversations: ConversationService;
    mcp: McpSurfaces;
    routers: MountedRouters;
  },
): Express {
  const { accounts, core, mcp } = parts;
  const { authenticate, authenticatePerson } = accounts;
  const limits = config.rateLimits;
  const perMinute = (name: string, points: number) =>
    deps.attemptLimiters(name, { points, windowSeconds: 60 });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustedProxies);
  app.use(securityHeaders);
  app.use(cors({ origin: config.corsOrigins, exposedHeaders: ["Mcp-Session-Id"] }));
  app.use(
    "/api/conversations",
    authenticate,
    createConversationRoutes(parts.conversations, {
      limitWrites: limitAttempts(
        perMinute("conversation-writes", limits.conversationWritesPerMinute),
        "user",
      ),
      bodyLimitBytes: config.jsonBodyLimitBytes,
    }),
  );
  app.use(express.json({ limit: config.jsonBodyLimitBytes }));
  // First after the body parser: every agent call comes here, and no route below matches it.
  app.all("/mcp", ...mcp.guards, authenticate, (req, res) => mcp.mcp.handle(req, res));
  app.get("/api/health", (_req, res) => {
    res.json({ ok: true });
  });
  app.get(
    "/api/ready",
    createReadinessHandler(() => deps.cluster?.readiness() ?? { ready: true }),
  );
  app.post(
    ["/api/auth/login", "/api/auth/register"],
    limitAttempts(perMinute("login", limits.loginPerMinute), "address"),
  );
  app.post(
    ["/api/pairing", "/api/pairing/claim", "/api/pairing/lookup"],
    limitAttempts(perMinute("pairing", limits.pairingPerMinute), "address"),
  );
  const loginThrottle = createLoginThrottle(deps.attemptLimiters, limits);
  const { auth, devices } = accounts;
  app.use("/api/auth", createAuthRoutes({ auth, devices, authenticate, loginThrottle }));
  app.use("/api/inquiries", authenticate, createInquiryRoutes(core.inquiries));
  app.use(
    "/api/approval-batches",
    authenticate,
    createBatchRoutes(
      createBatchDecisions({ inquiries: core.inquiries, audit: deps.approvalAudit }),
    ),
  );
  app.use("/api/devices", authenticatePerson, createDeviceRoutes(devices));
  app.use("/api/settings", authenticatePerson, createSettingsRoutes(core.settings));
  const audit = wireAudit(config, { stores: deps, logger: deps.logger });
  app.use(
    "/api/approval-rules",
    authenticatePerson,
    wireApprovalRules(deps, { store: core.store, devices, audit }),
  );
  app.use("/api/teams", authenticatePerson, core.teams.router);
  app.use("/api/audit", authenticatePerson, createAuditRoutes(audit.service));
  app.use(
    "/api",
    createAgentCredentialRoutes(
      accounts.agentCredentials,
      { authenticate, authenticatePerson },
      limitAttempts(perMinute("agent-credentials", limits.agentCredentialsPerMinute), "user"),
    ),
  );
  app.use(
    "/api",
    createPairingRoutes({
      pairing: accounts.pairing,
      tickets: accounts.tickets,
      authenticate: authenticatePerson,
    }),
  );
  if (mcp.proxies !== undefined) app.use(mcp.proxies.router);
  app.use(parts.routers.channels);
  app.use(parts.routers.metrics);
  app.use(notFoundHandler);
  app.use(createErrorHandler(config.jsonBodyLimitBytes, deps.logger));
  return app;
}
