import { defineConfig } from "vitepress";

/**
 * The docs site. Pages are the Markdown files of `docs/`; a link to a page that does not exist
 * fails the build (VitePress's dead-link check, on by default), which `npm test` runs.
 */
export default defineConfig({
  title: "Inquiry Hub",
  description:
    "Human-in-the-loop infrastructure for AI agents: send_inquiry over MCP, multi-device answers, approval proxy.",
  srcExclude: ["scripts/**", "test/**"],
  // Every other dead link fails the build; http://localhost:3000 is where `npm start` serves.
  ignoreDeadLinks: "localhostLinks",
  // Under node_modules, so neither git nor Prettier ever sees the build cache.
  cacheDir: "node_modules/.vitepress-cache",
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: "Guide", link: "/guide/getting-started" },
      { text: "Configuration", link: "/configuration/" },
      { text: "Deploying", link: "/deploying/" },
      { text: "Architecture", link: "/architecture" },
    ],
    sidebar: [
      {
        text: "Guide",
        items: [
          { text: "Getting started", link: "/guide/getting-started" },
          { text: "Connect your agent", link: "/guide/connect-your-agent" },
          { text: "MCP details", link: "/guide/mcp" },
          { text: "Your phone", link: "/guide/phone" },
          { text: "Every screen", link: "/guide/screens" },
        ],
      },
      {
        text: "Concepts",
        items: [
          { text: "The life of an inquiry", link: "/concepts/inquiry-life" },
          { text: "Answers", link: "/concepts/answers" },
          { text: "Devices", link: "/concepts/devices" },
          { text: "History, push and webhooks", link: "/concepts/notifications" },
          { text: "Conversations and runs", link: "/concepts/conversations" },
          { text: "The approval proxy", link: "/concepts/approvals" },
          { text: "Teams", link: "/concepts/teams" },
          { text: "The audit log", link: "/concepts/audit" },
        ],
      },
      {
        text: "Running it",
        items: [
          { text: "Configuration", link: "/configuration/" },
          { text: "Configuration reference", link: "/configuration/reference" },
          { text: "Deploying", link: "/deploying/" },
          { text: "Redis topologies", link: "/deploying/redis" },
          { text: "A load balancer", link: "/deploying/load-balancer" },
          { text: "Metrics and traces", link: "/deploying/observability" },
          { text: "Security", link: "/security" },
          { text: "Reliability", link: "/reliability" },
          { text: "Benchmarks", link: "/benchmarks" },
        ],
      },
      {
        text: "The repository",
        items: [
          { text: "Architecture", link: "/architecture" },
          { text: "Libraries and why", link: "/libraries" },
        ],
      },
    ],
    outline: [2, 3],
    search: { provider: "local" },
  },
});
