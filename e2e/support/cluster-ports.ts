/**
 * Ports of the two-node product (support/cluster-product.ts; its Redis takes a free port),
 * apart from every other product's (see ports.ts).
 */
export const CLUSTER_PORTS = {
  hubNode1: 4310,
  hubNode2: 4311,
  /** The agent behind the web on node 2; it calls hub node 1. */
  agent: 4312,
  demoTools: 4313,
  /** The agent behind the web on node 1; it calls hub node 2. Both agents share Redis. */
  agentNode2: 4314,
  /** The web whose API calls and sockets go to node 2. */
  web: 3310,
  /** A second web instance served by node 1. */
  webNode1: 3311,
} as const;

export const CLUSTER_WEB_URL = `http://localhost:${CLUSTER_PORTS.web}`;
export const CLUSTER_WEB_NODE1_URL = `http://localhost:${CLUSTER_PORTS.webNode1}`;
export const CLUSTER_HUB_NODE1_URL = `http://127.0.0.1:${CLUSTER_PORTS.hubNode1}`;
export const CLUSTER_HUB_NODE2_URL = `http://127.0.0.1:${CLUSTER_PORTS.hubNode2}`;
