import { createServer } from "node:net";
import { OperatorError } from "@shared/cli/operator-error";

/** Why a server could not listen on `host:port`, in the line an operator acts on. */
export function listenFailure(error: unknown, host: string, port: number): OperatorError {
  const { code, message } = error as NodeJS.ErrnoException;
  switch (code) {
    case "EADDRINUSE":
      return new OperatorError(`port ${port} on ${host} is already in use, perhaps by another server: stop it, or give --port another one (0 picks a free one)`);
    case "EADDRNOTAVAIL":
      return new OperatorError(`${host} is not an address of this machine: give --host one it has (127.0.0.1 for this machine alone, 0.0.0.0 for all of its addresses)`);
    case "EACCES":
      return new OperatorError(`port ${port} needs privileges this process does not have: give --port one above 1023`);
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new OperatorError(`--host ${host} is not an address, and no name server knows it`);
    default:
      return new OperatorError(`cannot listen on ${host}:${port}: ${message}`);
  }
}

/**
 * Whether `host:port` can be listened on, tried and let go at once, for a server that does not
 * say why it could not (workerd reports only that it "failed to start"). Another process may
 * take the port in between; the server then fails as it would have without the check.
 */
export async function checkListenable(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error) => reject(listenFailure(error, host, port)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
