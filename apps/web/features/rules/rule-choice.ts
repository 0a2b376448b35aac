import type {
  CreateApprovalRuleBody,
  RuleAgentScope,
  RuleCondition,
  RuleDuration,
} from "@inquiry-hub/protocol";
import { MAX_RULE_CONDITIONS } from "@inquiry-hub/protocol";

/** What the person picked in the "Always allow" dialog, before it becomes a request body. */
export interface RuleChoice {
  agent: RuleAgentScope;
  /** Indexes into the hub's suggested conditions that are ticked. */
  picked: readonly number[];
  duration: RuleDuration;
}

/** The durations the dialog offers, shortest first. */
export const DURATIONS: readonly RuleDuration[] = ["1h", "1d", "7d", "forever"];

/**
 * The choice the dialog opens with: this agent key only, one day, and the first suggestion of
 * each argument ticked (the hub lists a path's folder before its exact file), so the rule starts
 * as narrow as the call's own arguments make sensible and widening it takes a click.
 */
export function initialChoice(suggestions: readonly RuleCondition[]): RuleChoice {
  const seen = new Set<string>();
  const picked: number[] = [];
  suggestions.forEach((condition, index) => {
    if (seen.has(condition.arg) || picked.length >= MAX_RULE_CONDITIONS) return;
    seen.add(condition.arg);
    picked.push(index);
  });
  return { agent: "this-agent", picked, duration: "1d" };
}

/** The choice with one suggestion ticked or unticked; never more than the hub accepts. */
export function toggleCondition(choice: RuleChoice, index: number, on: boolean): RuleChoice {
  const rest = choice.picked.filter((each) => each !== index);
  if (!on) return { ...choice, picked: rest };
  if (rest.length >= MAX_RULE_CONDITIONS) return choice;
  return { ...choice, picked: [...rest, index].sort((a, b) => a - b) };
}

/** The body of the preview and create requests for this choice on approval `inquiryId`. */
export function ruleBodyOf(
  inquiryId: string,
  suggestions: readonly RuleCondition[],
  choice: RuleChoice,
): CreateApprovalRuleBody {
  return {
    fromInquiryId: inquiryId,
    agent: choice.agent,
    conditions: choice.picked
      .map((index) => suggestions[index])
      .filter((condition) => condition !== undefined),
    duration: choice.duration,
  };
}
