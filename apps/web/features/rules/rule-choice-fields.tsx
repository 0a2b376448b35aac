"use client";

import { useId } from "react";
import type { RuleAgentScope, RuleCondition, RuleDuration } from "@inquiry-hub/protocol";
import type { MessageKey } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import { describeCondition } from "./describe-condition";
import { DURATIONS, toggleCondition } from "./rule-choice";
import type { RuleChoice } from "./rule-choice";

const CHECK_ROW = "flex min-h-11 cursor-pointer items-center gap-3 text-sm sm:min-h-9";
const CHECK = "size-5 shrink-0 accent-primary";
const LEGEND = "mb-1 text-sm font-medium";

const DURATION_LABELS: Record<RuleDuration, MessageKey> = {
  "1h": "rules.duration1h",
  "1d": "rules.duration1d",
  "7d": "rules.duration7d",
  forever: "rules.durationForever",
};

const AGENT_LABELS: Record<RuleAgentScope, MessageKey> = {
  "this-agent": "rules.thisAgent",
  "any-agent": "rules.anyAgent",
};

/** The label of a duration, for the dialogs that offer one. */
export function durationLabel(duration: RuleDuration): MessageKey {
  return DURATION_LABELS[duration];
}

/**
 * How narrow the rule is: which agent, which of the call's own conditions (ticked boxes, in
 * words), and for how long. Plain radio buttons and checkboxes: each label is a large target
 * on a phone, and the keyboard works as everywhere.
 */
export function RuleChoiceFields({
  suggestions,
  choice,
  disabled,
  onChange,
}: {
  suggestions: readonly RuleCondition[];
  choice: RuleChoice;
  disabled: boolean;
  onChange: (choice: RuleChoice) => void;
}) {
  const t = useT();
  const group = useId();
  return (
    <>
      <fieldset className="grid" disabled={disabled}>
        <legend className={LEGEND}>{t("rules.agentLegend")}</legend>
        {(Object.keys(AGENT_LABELS) as RuleAgentScope[]).map((agent) => (
          <label key={agent} className={CHECK_ROW}>
            <input
              type="radio"
              name={`${group}-agent`}
              className={CHECK}
              checked={choice.agent === agent}
              onChange={() => onChange({ ...choice, agent })}
            />
            {t(AGENT_LABELS[agent])}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid" disabled={disabled}>
        <legend className={LEGEND}>{t("rules.conditionsLegend")}</legend>
        {suggestions.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("rules.noSuggestions")}</p>
        )}
        {suggestions.map((condition, index) => (
          <label key={index} className={CHECK_ROW} dir="auto">
            <input
              type="checkbox"
              className={CHECK}
              checked={choice.picked.includes(index)}
              onChange={(event) => onChange(toggleCondition(choice, index, event.target.checked))}
            />
            <span className="[overflow-wrap:anywhere]">{describeCondition(condition, t)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset disabled={disabled}>
        <legend className={LEGEND}>{t("rules.durationLegend")}</legend>
        <div className="flex flex-wrap gap-x-6">
          {DURATIONS.map((duration) => (
            <label key={duration} className={CHECK_ROW}>
              <input
                type="radio"
                name={`${group}-duration`}
                className={CHECK}
                checked={choice.duration === duration}
                onChange={() => onChange({ ...choice, duration })}
              />
              {t(DURATION_LABELS[duration])}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
