/** The agent's layer rules (apps/agent): filled in with its domain, stores and HTTP layer. */
export const agentBoundaries = [];
