/**
 * LMDB stores values as MessagePack, whose decoder renames a key `__proto__` to `__proto_`
 * (msgpackr guards against prototype pollution so). A client's JSON may hold such a key (GNS3
 * stores it as any other), so keys are escaped on the way in and restored, as own properties,
 * on the way out: `__proto__` is stored as `\0__proto__`, and a key that begins with `\0`
 * gets one more, so that every key comes back as it was.
 */
const ESCAPE = "\u0000";

/** `value`, or a copy of the parts that hold a key to escape. */
export function escapeKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const escaped = escapeKeys(item);
      if (escaped !== item) (copy ??= [...value])[index] = escaped;
    });
    return copy ?? value;
  }
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return value;
  let copy: Record<string, unknown> | undefined;
  const entries = Object.entries(value);
  for (const [key, item] of entries) {
    const escaped = escapeKeys(item);
    if (escaped === item && key !== "__proto__" && !key.startsWith(ESCAPE)) continue;
    copy ??= {};
    break;
  }
  if (!copy) return value;
  for (const [key, item] of entries) {
    const stored = key === "__proto__" || key.startsWith(ESCAPE) ? `${ESCAPE}${key}` : key;
    copy[stored] = escapeKeys(item);
  }
  return copy;
}

/** Undoes `escapeKeys` in place on a freshly decoded value (nobody else holds it yet). */
export function restoreKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (const item of value) restoreKeys(item);
    return value;
  }
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = restoreKeys(record[key]);
    if (!key.startsWith(ESCAPE)) continue;
    delete record[key];
    Object.defineProperty(record, key.slice(ESCAPE.length), { value: item, enumerable: true, writable: true, configurable: true });
  }
  return value;
}
