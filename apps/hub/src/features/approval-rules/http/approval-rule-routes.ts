import { Router } from "express";
import {
  ApprovalRulesExportSchema,
  CreateApprovalRuleBodySchema,
  UpdateApprovalRuleBodySchema,
} from "@inquiry-hub/protocol";
import type { ApprovalRuleList, ImportApprovalRulesResult } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { ApprovalRuleService } from "../approval-rule-service";
import type { ApprovalRuleStore } from "../ports";
import { exportRules, importRules } from "../rule-transfer";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

const RuleIdSchema = z.object({ id: z.uuid() });
const InquiryIdSchema = z.object({ inquiryId: z.uuid() });

/**
 * `/api/approval-rules`, mounted behind the person check (an agent credential is 403 on every
 * route: an agent never makes, widens, extends, imports or revokes the rules that pass its own
 * calls). Every route reads and changes only the caller's own rules and approvals; another
 * person's is 404. Bodies are parsed with the protocol's schemas (400 naming the field,
 * nothing changed).
 *
 * - `GET /` → `{rules}`; `GET /export` → the policy file; `POST /import` → `{rules}` made
 * - `GET /suggestions/:inquiryId` → conditions offered from that approval's arguments
 * - `POST /preview`, `POST /` (CreateApprovalRuleBody) → the preview / the rule (201; 409 at the cap)
 * - `PATCH /:id` (UpdateApprovalRuleBody) → the rule; `DELETE /:id` → 204
 */
export function createApprovalRuleRoutes(deps: {
  service: ApprovalRuleService;
  store: ApprovalRuleStore;
  now: () => number;
}): Router {
  const { service } = deps;
  const router = Router();
  const userOf = (req: Parameters<typeof requestPrincipal>[0]) => requestPrincipal(req).user.id;

  router.get("/", async (req, res) => {
    const body: ApprovalRuleList = { rules: await service.list(userOf(req)) };
    res.json(body);
  });

  router.get("/export", async (req, res) => {
    res.json(exportRules(await service.list(userOf(req))));
  });

  router.post("/import", async (req, res) => {
    const file = parseInput(ApprovalRulesExportSchema, req.body);
    const body: ImportApprovalRulesResult = {
      rules: await importRules(deps, userOf(req), file),
    };
    res.status(201).json(body);
  });

  router.get("/suggestions/:inquiryId", async (req, res) => {
    const { inquiryId } = parseInput(InquiryIdSchema, req.params, "inquiryId");
    res.json(await service.suggestions(userOf(req), inquiryId));
  });

  router.post("/preview", async (req, res) => {
    const body = parseInput(CreateApprovalRuleBodySchema, req.body);
    res.json(await service.preview(userOf(req), body));
  });

  router.post("/", async (req, res) => {
    const body = parseInput(CreateApprovalRuleBodySchema, req.body);
    res.status(201).json(await service.create(userOf(req), body));
  });

  router.patch("/:id", async (req, res) => {
    const { id } = parseInput(RuleIdSchema, req.params, "id");
    const body = parseInput(UpdateApprovalRuleBodySchema, req.body);
    res.json(await service.update(userOf(req), id, body));
  });

  router.delete("/:id", async (req, res) => {
    const { id } = parseInput(RuleIdSchema, req.params, "id");
    await service.revoke(userOf(req), id);
    res.status(204).end();
  });

  return router;
}
