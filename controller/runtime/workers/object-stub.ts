/**
 * A Durable Object's stub as the controller uses it: `fetch` for the requests it is sent, and
 * the RPC methods of `Calls` (which the object's class implements, so the compiler checks both
 * ends of every call).
 */
export type ObjectStub<Calls> = Calls & { fetch(request: Request): Promise<Response> };

/** A Durable Object namespace binding, as far as the controller uses it. */
export interface ObjectNamespace<Calls> {
  idFromName(name: string): unknown;
  get(id: unknown): ObjectStub<Calls>;
}
