/**
 * env.ts still imports the store choice by this path. The choice and its factory are adapters'
 * business and live in stores/create-run-store.ts; this re-export goes once env.ts imports
 * from there.
 */
export type { RunStoreChoice } from "../stores/create-run-store";
