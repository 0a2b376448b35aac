/** The methods of `T` that return promises: the calls whose failures can be counted. */
type AsyncMethodOf<T> = {
  [Key in keyof T]: T[Key] extends (...args: never[]) => Promise<unknown> ? Key : never;
}[keyof T] &
  string;

/**
 * Wraps `target` so that every rejected call of one of `methods` is reported to `count` with
 * the method's name, then rejects as before. The error handlers are made once here, so a call
 * costs one `.catch` and nothing else. Methods not listed are reached through the prototype,
 * which suits the ports' factory-made objects (closures, no `this`), as every store here is.
 *
 * @example
 * const store = countRejections(redisStore, ["insert", "resolve"], metrics.storeFailed);
 */
export function countRejections<T extends object>(
  target: T,
  methods: readonly AsyncMethodOf<T>[],
  count: (method: string) => void,
): T {
  const wrapped: Partial<Record<string, unknown>> = {};
  for (const method of methods) {
    const original = target[method] as (...args: unknown[]) => Promise<unknown>;
    const onRejected = (error: unknown): never => {
      count(method);
      throw error;
    };
    wrapped[method] = (...args: unknown[]) => original.apply(target, args).catch(onRejected);
  }
  return Object.assign(Object.create(target) as T, wrapped);
}
