/** The person's standing approval rules: "Always allow…" on a card, and the Rules page. */
export { AlwaysAllowButton } from "./always-allow-button";
export { RulesView } from "./rules-view";
