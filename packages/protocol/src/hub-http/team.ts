import { z } from "zod";

/**
 * A person's role in a team. `owner` manages members and invitations and may approve;
 * `approver` may approve calls routed to the team; `viewer` sees them but never decides.
 */
export const TeamRoleSchema = z.enum(["owner", "approver", "viewer"]);
export type TeamRole = z.infer<typeof TeamRoleSchema>;

/**
 * A team name: a label for people only. Two teams may share a name; proxy policies name
 * teams by `id` (`approvers.team_id`), so creating a team never makes anyone an approver of
 * a policy.
 */
export const TeamNameSchema = z.string().trim().min(1).max(80);

/** One member as `GET /api/teams/:id` lists them. */
export const TeamMemberSchema = z.object({
  userId: z.string(),
  /** The member's username at read time; absent if the account no longer exists. */
  username: z.string().optional(),
  role: TeamRoleSchema,
  joinedAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** A team with its members, owners first. */
export const TeamSchema = z.object({
  /** Random, fixed for the team's life: what a proxy policy's `team_id` names. */
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  members: z.array(TeamMemberSchema),
});
export type Team = z.infer<typeof TeamSchema>;

/** `POST /api/teams` body; the caller becomes the first owner. */
export const CreateTeamBodySchema = z.strictObject({ name: TeamNameSchema });
export type CreateTeamBody = z.infer<typeof CreateTeamBodySchema>;

/** `POST /api/teams/:id/invitations` body: the role the invited person will get. */
export const TeamInvitationBodySchema = z.strictObject({ role: TeamRoleSchema });
export type TeamInvitationBody = z.infer<typeof TeamInvitationBodySchema>;

/** A one-time invitation code; only its hash is stored, so it is shown exactly once. */
export const TeamInvitationSchema = z.object({
  code: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

/** `POST /api/teams/invitations/claim` body (with the claimer's bearer token). */
export const TeamInvitationClaimBodySchema = z.strictObject({
  code: z.string().min(1).max(200),
});
export type TeamInvitationClaimBody = z.infer<typeof TeamInvitationClaimBodySchema>;

/** `PATCH /api/teams/:id/members/:userId` body. */
export const TeamMemberPatchBodySchema = z.strictObject({ role: TeamRoleSchema });
export type TeamMemberPatchBody = z.infer<typeof TeamMemberPatchBodySchema>;
