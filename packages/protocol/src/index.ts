/**
 * Every wire shape of Inquiry Hub, one folder per wire; each is also its own entry point
 * (`@inquiry-hub/protocol/socket`, `/hub-http`, `/mcp`, `/agent-runs`, `/push-and-webhooks`,
 * `/inquiry`), so a consumer may import one wire. Each wire's `index.ts` names what it exports;
 * the root only gathers them, so a name is declared once (TypeScript refuses two wires
 * exporting the same name).
 */
export * from "./inquiry";
export * from "./hub-http";
export * from "./mcp";
export * from "./agent-runs";
export * from "./push-and-webhooks";
export * from "./socket";
