import type { TimedValue } from "../chart-geometry";
import { dropShare, type DirectionRates, type LinkHistory, type RatePoint } from "../link-rates";
import { filtersInWords, linkState } from "../link-words";
import { ApiError, call } from "./api";
import { lineChart } from "./chart";
import { html } from "./elements";
import { endNames, type Link, type Node } from "./model";

/** A filter type as `available_filters` describes it. */
interface FilterDescriptor {
  type: string;
  name: string;
  description: string;
  parameters: { name: string; type: string; minimum?: number; maximum?: number; unit?: string }[];
}

export const CHART_WINDOW_MS = 5 * 60_000;

/** A link's counters are announced only when they change: none for this long means no traffic. */
const QUIET_AFTER_MS = 2500;

/**
 * The panel of one link: its state and filters in words, live charts of each direction, a
 * filter editor built from the link's `available_filters` (so a filter type added to the
 * server appears here with no change), suspend/resume and capture.
 */
export class LinkPanel {
  readonly element = html("section", { class: "panel link-panel", "aria-label": "Link" });
  private readonly summary = html("div", { class: "summary" });
  private readonly charts = html("div", { class: "charts" });
  // The server judges the values: its refusal says what is wrong in words the browser's own checks lack.
  private readonly form = html("form", { class: "filter-editor", "aria-label": "Filters", novalidate: "" });
  private descriptors: FilterDescriptor[] = [];

  constructor(
    private readonly projectId: string,
    private link: Link,
    private nodes: ReadonlyMap<string, Node>,
    private readonly history: LinkHistory,
    /** The server's clock, which times the samples. */
    private readonly serverNow: () => number,
  ) {
    this.element.append(this.summary, this.charts, this.form);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.submitFilters();
    });
    this.showSummary();
    this.showCharts();
  }

  get linkId(): string {
    return this.link.link_id;
  }

  private get path(): string {
    return `/v2/projects/${this.projectId}/links/${this.link.link_id}`;
  }

  /** Fetches what the panel needs beyond the link: the filter types and the first counters. */
  async load(): Promise<void> {
    const [descriptors, counters] = await Promise.all([
      call<FilterDescriptor[]>("GET", `${this.path}/available_filters`),
      call<Parameters<LinkHistory["add"]>[0]>("GET", `${this.path}/counters`),
    ]);
    this.descriptors = descriptors;
    this.history.add(counters);
    this.showForm();
    this.showCharts();
  }

  /** The link changed on the server (by this page or anyone else). */
  update(link: Link, nodes: ReadonlyMap<string, Node>): void {
    this.link = link;
    this.nodes = nodes;
    this.showSummary();
    if (!this.form.contains(document.activeElement)) this.showForm();
  }

  /** New counters arrived, or time passed: the charts slide. */
  showCharts(): void {
    const now = this.serverNow();
    const { a, b } = endNames(this.link, this.nodes);
    this.charts.replaceChildren(
      ...[`${a} → ${b}`, `${b} → ${a}`].map((title, index) => this.directionCharts(title, index as 0 | 1, now)),
    );
  }

  private directionCharts(title: string, index: 0 | 1, now: number): HTMLElement {
    const points = this.history.points;
    const series = (pick: (rates: DirectionRates) => number): TimedValue[] => points.map((point: RatePoint) => ({ at: point.at, value: pick(point.directions[index]) }));
    const newest = this.history.latest;
    const latest = newest && now - newest.at < QUIET_AFTER_MS ? newest.directions[index] : undefined;
    const share = latest && dropShare(latest);
    const reasons = Object.keys(newest?.directions[index].drops ?? {}).filter((reason) => reason !== "total" && points.some((point) => point.directions[index].drops[reason as keyof DirectionRates["drops"]] > 0));
    return html(
      "section",
      { class: "direction", "data-direction": index },
      html("h3", {}, title),
      html(
        "p",
        { class: "drop-share", "data-drop-percent": share === undefined ? undefined : Math.round(share * 100) },
        share === undefined ? "no traffic" : `dropped ${Math.round(share * 100)} % of ${Math.round(latest!.framesIn)} frames/s`,
      ),
      lineChart("Frames", "frames/s", [
        { name: "in", tone: 0, values: series((rates) => rates.framesIn) },
        { name: "out", tone: 1, values: series((rates) => rates.framesOut) },
      ], now, CHART_WINDOW_MS),
      lineChart("Bits", "bit/s", [
        { name: "in", tone: 0, values: series((rates) => rates.bitsIn) },
        { name: "out", tone: 1, values: series((rates) => rates.bitsOut) },
      ], now, CHART_WINDOW_MS),
      lineChart("Drops", "frames/s", [
        { name: "all", tone: 2, values: series((rates) => rates.drops.total) },
        ...reasons.map((reason, tone) => ({ name: reason, tone: 3 + (tone % 5), values: series((rates) => rates.drops[reason as keyof DirectionRates["drops"]]) })),
      ], now, CHART_WINDOW_MS),
      lineChart("Delay queue", "frames", [{ name: "queued", tone: 1, values: series((rates) => rates.delayQueued) }], now, CHART_WINDOW_MS),
    );
  }

  private showSummary(): void {
    const state = linkState(this.link);
    const { a, b } = endNames(this.link, this.nodes);
    const words = filtersInWords(this.link.filters, { a, b });
    const suspend = html("button", { type: "button" }, this.link.suspend ? "Resume" : "Suspend");
    suspend.addEventListener("click", () => void this.act(() => call("PUT", this.path, { suspend: !this.link.suspend })));
    const capture = html("button", { type: "button" }, this.link.capturing ? "Stop capture" : "Start capture");
    capture.addEventListener("click", () => void this.act(() => call("POST", `${this.path}/${this.link.capturing ? "stop" : "start"}_capture`, this.link.capturing ? undefined : {})));
    this.summary.replaceChildren(
      html("h2", {}, `${a} – ${b}`),
      html("p", { class: `state ${state}`, "data-state": state }, state, words ? `: ${words}` : ""),
      html("div", { class: "actions" }, suspend, capture, ...(this.link.capturing ? [html("a", { href: `${this.path}/pcap`, download: this.link.capture_file_name ?? "capture.pcap" }, "Download pcap")] : [])),
      html("p", { class: "error action-error", role: "alert" }),
    );
  }

  private async act(action: () => Promise<unknown>): Promise<void> {
    const error = this.summary.querySelector(".action-error")!;
    error.textContent = "";
    try {
      await action();
    } catch (thrown) {
      error.textContent = thrown instanceof ApiError ? thrown.message : String(thrown);
    }
  }

  private showForm(): void {
    const fieldsets = this.descriptors.map((descriptor) => {
      const values = this.link.filters[descriptor.type] ?? [];
      const inputs = descriptor.parameters.map((parameter, index) => {
        const id = `filter-${descriptor.type}-${index}`;
        const label = `${descriptor.name}: ${parameter.name}`;
        const value = values[index] === undefined ? "" : String(values[index]);
        const input =
          parameter.type === "text"
            ? html("textarea", { id, name: id, rows: 2, "aria-label": label })
            : html("input", { id, name: id, type: "number", step: 1, min: parameter.minimum, max: parameter.maximum, "aria-label": label });
        input.value = value;
        return html("label", { for: id }, `${parameter.name}${parameter.unit ? ` (${parameter.unit})` : ""}`, input);
      });
      return html("fieldset", { "data-type": descriptor.type, title: descriptor.description }, html("legend", {}, descriptor.name), ...inputs, html("p", { class: "error", role: "alert" }));
    });
    const clear = html("button", { type: "button" }, "Clear filters");
    clear.addEventListener("click", () => void this.sendFilters({}));
    this.form.replaceChildren(html("h3", {}, "Filters"), ...fieldsets, html("p", { class: "error form-error", role: "alert" }), html("div", { class: "actions" }, html("button", { type: "submit" }, "Apply filters"), clear));
  }

  /** The filters the form holds: a type whose first field is empty is left out. */
  private formFilters(): Record<string, (number | string)[]> {
    const filters: Record<string, (number | string)[]> = {};
    for (const descriptor of this.descriptors) {
      const values: (number | string)[] = [];
      for (const [index, parameter] of descriptor.parameters.entries()) {
        const field = this.form.elements.namedItem(`filter-${descriptor.type}-${index}`) as HTMLInputElement | HTMLTextAreaElement | null;
        const text = field?.value.trim() ?? "";
        if (text === "") break;
        values.push(parameter.type === "text" ? text : Number(text));
      }
      if (values.length > 0) filters[descriptor.type] = values;
    }
    return filters;
  }

  private async submitFilters(): Promise<void> {
    await this.sendFilters(this.formFilters());
  }

  /** Sends the filters; a refusal is shown beside the filter its message names, or above the buttons. */
  private async sendFilters(filters: Record<string, (number | string)[]>): Promise<void> {
    for (const error of this.form.querySelectorAll(".error")) error.textContent = "";
    for (const fieldset of this.form.querySelectorAll("fieldset")) fieldset.removeAttribute("aria-invalid");
    try {
      const link = await call<Link>("PUT", this.path, { filters });
      const hadFocus = this.form.contains(document.activeElement);
      this.update(link, this.nodes);
      this.showForm();
      if (hadFocus) this.form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    } catch (thrown) {
      const message = thrown instanceof ApiError ? thrown.message : String(thrown);
      const named = /^Filters? '([^']+)'/.exec(message)?.[1];
      const fieldsets = [...this.form.querySelectorAll("fieldset")];
      const fieldset = fieldsets.find((candidate) => candidate.dataset.type === named) ?? fieldsets.find((candidate) => candidate.dataset.type === named?.split(":")[0]);
      fieldset?.setAttribute("aria-invalid", "true");
      (fieldset ?? this.form).querySelector(fieldset ? ".error" : ".form-error")!.textContent = message;
    }
  }
}
