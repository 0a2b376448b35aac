import type { Router } from "express";
import type { HubConfig } from "../config/hub-config";
import type { ArgumentsValidator } from "../features/inquiries/ports";
import type { Logger } from "../kernel/ports";
import { routeToTeams } from "../features/teams/approval-routing";
import type { TeamLookup } from "../features/teams/approval-routing";
import type { InquiryCore, InquiryService } from "../features/inquiries/inquiry-service";
import type { InquiryStore } from "../features/inquiries/ports";
import type { UserStore } from "../features/accounts/ports";
import { withSharedApprovals } from "../features/teams/shared-approvals";
import { earlyEscalationOf } from "../features/teams/early-escalation";
import { quietHoursLeftMs } from "../features/notifications/routing-plan";
import type { SettingsService } from "../features/settings/settings-service";
import type { EscalationListener, VoteListener } from "../features/teams/shared-approvals";
import type { TeamStores } from "./stores/hub-stores";
import { createTeamService } from "../features/teams/team-service";
import { unknownTeams, unknownTeamWarnings } from "../features/approvals/team-approval";
import type { TeamApprovalDeps } from "../features/approvals/team-approval";
import { createTeamRoutes } from "../features/teams/http/team-routes";
import { startSharedApprovalFanOut } from "../features/teams/socket/shared-approval-fan-out";
import type { DeviceServer } from "../platform/socket/socket-types";

/** Teams as the composition root mounts them. */
export interface Teams {
  /** The inquiry service made team-aware: wrap it (rate limits) and hand it to every transport. */
  inquiries: InquiryService;
  /** `/api/teams` routes; mount behind authentication. */
  router: Router;
  /** For the approval proxy: routing of `approvers` policies, escalation, votes for the audit. */
  proxy: TeamApprovalDeps;
  /** Starts `inquiry:progress` and escalation `inquiry:new` on the socket server; returns the stop. */
  startFanOut(io: DeviceServer): () => void;
  /** Hears each escalation of a shared approval (on the node holding the call), for push. */
  onEscalated(listener: EscalationListener): () => void;
  /** Hears each vote cast on this node (once across nodes), for the audit. */
  onVoted(listener: VoteListener): () => void;
}

/**
 * Wires teams, invitations and shared approvals (issue 11) on top of the inquiry service:
 * one place, so app.ts only mounts the result. At startup it warns about every approver
 * team id the proxy config names that no team has (those calls are refused until it does).
 */
export function createTeams(
  config: HubConfig,
  core: {
    inquiries: InquiryCore;
    store: InquiryStore;
    users: UserStore;
    /** The asker's reach settings decide early escalation (early-escalation.ts). */
    settings: Pick<SettingsService, "get">;
    validateArguments: ArgumentsValidator;
    deviceName: (deviceId: string) => Promise<string | undefined>;
    logger: Logger;
  },
  stores: TeamStores,
): Teams {
  const service = createTeamService({
    teams: stores.teamStore,
    users: core.users,
    invitations: stores.teamInvitations,
    invitationTtlMs: config.teamInvitationSeconds * 1000,
    membershipChanged: (teamId, userId) => shared.reviewStanding(teamId, userId),
    logger: core.logger,
  });
  const lookup: TeamLookup = (teamId) => service.lookup(teamId);
  const shared = withSharedApprovals(core.inquiries, {
    store: core.store,
    votes: stores.approvalVotes,
    lookup,
    validateArguments: core.validateArguments,
    deviceName: core.deviceName,
    earlyEscalation: async (inquiry) =>
      earlyEscalationOf(
        await core.settings.get(inquiry.userId),
        new Date(inquiry.createdAt),
        (hours, at) => quietHoursLeftMs(hours, at) !== undefined,
      ),
    logger: core.logger,
  });
  const proxy: TeamApprovalDeps = {
    route: (rule, requesterId) => routeToTeams(lookup, rule, requesterId),
    unknownTeams: (teamIds) => unknownTeams(lookup, teamIds),
    followEscalations: (inquiry) => shared.followEscalations(inquiry),
    votesOf: (inquiryId) => shared.votesOf(inquiryId),
  };
  if (config.proxy !== undefined)
    unknownTeamWarnings(config.proxy, proxy).then(
      (warnings) => {
        for (const warning of warnings) core.logger.warn({}, warning);
      },
      (error: unknown) =>
        core.logger.warn({ err: error }, "checking the proxy config's approver teams failed"),
    );
  return {
    inquiries: shared.inquiries,
    router: createTeamRoutes(service),
    proxy,
    startFanOut: (io) => startSharedApprovalFanOut(io, shared),
    onEscalated: (listener) => shared.onEscalated(listener),
    onVoted: (listener) => shared.onVoted(listener),
  };
}
