/**
 * Ports of the product the `main` part runs against (the webServer of playwright.config.ts).
 *
 * Every part runs its products at the same time as the others, each on ports of its own and
 * all apart from `npm start`'s defaults (3000, 3443, 4000–4200) and `npm run start:cluster`'s
 * (6380), so a developer's product is safe too:
 *
 * | product                                   | web        | hub, agent, demo-tools | other     |
 * | ----------------------------------------- | ---------- | ---------------------- | --------- |
 * | main (this file)                          | 3300       | 4300–4302              |           |
 * | cluster (cluster-ports.ts)                | 3310, 3311 | 4310–4314              | free port |
 * | LAN (lan-ports.ts)                        | 3320       | 4320–4322              | 3453      |
 * | durable restarts (durable-ports.ts)       | 3330       | 4330–4332              |           |
 * | durable `npm start` (npm-start.ts)        | 3340       | 4340–4342              |           |
 * | shared vote (tests/push-shared-vote.spec) | 3350       | 4350–4352              |           |
 * | team batch (tests/batches.spec)           | 3360       | 4360–4362              |           |
 */
export const E2E_PORTS = {
  web: 3300,
  hub: 4300,
  agent: 4301,
  demoTools: 4302,
} as const;

export const WEB_URL = `http://localhost:${E2E_PORTS.web}`;
export const HUB_URL = `http://127.0.0.1:${E2E_PORTS.hub}`;
