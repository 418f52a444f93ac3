import { forwardedReading, framesPerSecond, hostProblems, hostState, type ForwardedReading, type HostCompute, type HostState } from "../host-state";
import { ApiError, call } from "./api";
import { html } from "./elements";

export interface HostViewElements {
  table: HTMLTableSectionElement;
  /** Says when the server cannot be reached; hidden otherwise. */
  banner: HTMLElement;
}

/**
 * Polled rather than fed by notifications: no notification carries a host's forwarded frames
 * (pushing every host's totals each second to every client of the controller's stream would
 * be noise to GNS3 clients), and one read every 2 s also catches a daemon that comes or goes.
 */
const POLL_MS = 2000;

const STATE_WORDS: Record<HostState, string> = {
  connected: "Connected",
  unreachable: "Unreachable: its daemon is not connected",
  "no-daemon": "No dataplane daemon has connected as this host",
};

interface HostRate {
  reading: ForwardedReading;
  perSecond: number | undefined;
}

/** Every emulation host the controller knows: whether its daemon is connected, what went wrong there, and what it forwards. */
export class HostView {
  private readonly rates = new Map<string, HostRate>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly elements: HostViewElements) {}

  start(): void {
    document.title = "Hosts · link dashboard";
    void this.poll();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async poll(): Promise<void> {
    try {
      const listed = await call<HostCompute[]>("GET", "/v2/computes");
      // Only a compute's own answer carries its dataplane status; one host failing to answer leaves the others shown.
      const hosts = await Promise.all(listed.map((compute) => call<HostCompute>("GET", `/v2/computes/${encodeURIComponent(compute.compute_id)}`).catch((error: unknown) => ({ compute, error }))));
      if (this.closed) return;
      this.elements.banner.hidden = true;
      this.elements.table.replaceChildren(...hosts.map((host) => ("error" in host ? this.unreadRow(host.compute, host.error) : this.row(host))));
      document.body.dataset.hosts = "shown";
    } catch (error) {
      if (this.closed) return;
      this.elements.banner.textContent = `${error instanceof ApiError ? error.message : String(error)}: retrying…`;
      this.elements.banner.hidden = false;
    }
    if (!this.closed) this.timer = setTimeout(() => void this.poll(), POLL_MS);
  }

  private row(compute: HostCompute): HTMLTableRowElement {
    const state = hostState(compute);
    const problems = hostProblems(compute);
    const perSecond = this.rateOf(compute);
    const dataplane = compute.dataplane;
    return html(
      "tr",
      { "data-host-id": compute.compute_id, "data-state": state },
      html("th", { scope: "row" }, compute.name, compute.name === compute.compute_id ? "" : ` (${compute.compute_id})`),
      html("td", { class: `host-state ${state}` }, STATE_WORDS[state]),
      html(
        "td",
        { class: "forwarded", "data-forwarded-frames": dataplane?.forwarded_frames ?? 0, "data-frames-per-second": perSecond === undefined ? undefined : perSecond.toFixed(1) },
        forwardedWords(state, perSecond, dataplane?.forwarded_frames ?? 0),
      ),
      html("td", {}, dataplane?.daemon_version ?? "—"),
      html("td", { class: "problems" }, problems.length === 0 ? "None" : html("ul", {}, ...problems.map((problem) => html("li", {}, problem)))),
    );
  }

  private unreadRow(compute: HostCompute, error: unknown): HTMLTableRowElement {
    const why = error instanceof ApiError ? error.message : String(error);
    return html(
      "tr",
      { "data-host-id": compute.compute_id, "data-state": "unread" },
      html("th", { scope: "row" }, compute.name),
      html("td", { class: "host-state unreachable" }, "Cannot be read"),
      html("td", { class: "forwarded" }, "—"),
      html("td", {}, "—"),
      html("td", { class: "problems" }, why),
    );
  }

  /** The host's frames/s since the previous reading that differs; the last rate known while no newer report came. */
  private rateOf(compute: HostCompute): number | undefined {
    const reading = forwardedReading(compute.dataplane);
    const kept = this.rates.get(compute.compute_id);
    if (!reading) {
      this.rates.delete(compute.compute_id);
      return undefined;
    }
    if (kept && reading.sampledAtMs === kept.reading.sampledAtMs) return kept.perSecond;
    const perSecond = kept ? framesPerSecond(kept.reading, reading) : undefined;
    this.rates.set(compute.compute_id, { reading, perSecond });
    return perSecond;
  }
}

function forwardedWords(state: HostState, perSecond: number | undefined, total: number): string {
  if (state === "no-daemon") return "—";
  const rate = perSecond === undefined ? "measuring…" : `${Math.round(perSecond).toLocaleString("en")} frames/s`;
  return state === "connected" ? `${rate} (${total.toLocaleString("en")} in all)` : `none: unreachable (${total.toLocaleString("en")} before)`;
}
