/** One long-running process of the local cluster, started and stopped as a group. */
export interface Service {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}
