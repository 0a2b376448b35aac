/** The daily digest: one day of what agents asked and how each ended. */
export { DigestView } from "./digest-view";
