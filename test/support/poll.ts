/**
 * Probes every 20 ms until `accept` holds or `ms` have passed, and returns the last value (the caller asserts
 * on it, so a timeout fails with what was actually seen). For effects that arrive asynchronously, such as
 * PostgreSQL notifications.
 */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  accept: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await probe();
  }
  return value;
}
