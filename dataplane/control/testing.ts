/** Test helpers of the control channel: a machine whose facts the test decides. */
import type { DockerFacts, HostFacts } from "@shared/proto";
import type { HostFactsSource } from "./host-facts";

/** Host facts the test sets and changes at will, read as slowly as `readMs` says. */
export class SteeredFacts implements HostFactsSource {
  readMs = 0;
  private changed: (() => void) | undefined;
  constructor(public facts: HostFacts) {}
  async read(): Promise<HostFacts> {
    const facts = this.facts;
    if (this.readMs > 0) await new Promise((resolve) => setTimeout(resolve, this.readMs));
    return facts;
  }
  watch(changed: () => void): () => void {
    this.changed = changed;
    return () => (this.changed = undefined);
  }
  change(facts: Partial<HostFacts>): void {
    this.facts = { ...this.facts, ...facts };
    this.changed?.();
  }
  /** The engine as the daemon reads it when asked. */
  async docker(): Promise<DockerFacts> {
    return this.facts.docker ?? { available: false, dockerHost: "", detail: "no engine steered", images: [] };
  }
  /** The engine changes (an image pulled) with no poll to see it: only a daemon asked reads it. */
  engineChangedUnseen(docker: DockerFacts): void {
    this.facts = { ...this.facts, docker };
  }
}
