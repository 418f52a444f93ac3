/**
 * The value with every object's keys in order, deeply: answers are JSON with sorted keys, free-
 * form client objects (link_style, properties, labels) included, and two objects that differ
 * only in key order compare equal once sorted.
 */
export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeysDeep) as T;
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = sortKeysDeep((value as Record<string, unknown>)[key]);
    // Assigning `__proto__` would set the prototype and drop the client's key from the answer.
    if (key === "__proto__") Object.defineProperty(sorted, key, { value: item, enumerable: true, writable: true, configurable: true });
    else sorted[key] = item;
  }
  return sorted as T;
}
