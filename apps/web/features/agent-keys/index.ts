/** The agent keys page: create, list, expire and revoke the keys agents call the hub with. */
export { AgentKeysView } from "./agent-keys-view";
