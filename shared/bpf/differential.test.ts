import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileBpf } from "./index";
import { generateFrames } from "./testdata/frames";
import { LINKTYPE_ETHERNET, readPcap, writePcap } from "./testdata/pcap";
import type { TcpdumpVerdict } from "./testdata/tcpdump";
import { mapLimited, runTcpdump } from "./testdata/tcpdump";

/**
 * tcpdump (libpcap) is the oracle: every expression of testdata/expressions.txt must match
 * exactly the frames tcpdump keeps, over the generated corpus and over every Ethernet
 * capture dropped into testdata/captures/; every expression tcpdump refuses must be
 * refused; testdata/refused.txt lists what we refuse although tcpdump accepts it here.
 */
const testdata = join(dirname(fileURLToPath(import.meta.url)), "testdata");
const GENERATED_FRAMES = 6000;
const PARALLEL_TCPDUMPS = 4;

function expressions(file: string): string[] {
  return readFileSync(join(testdata, file), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

const accepted = expressions("expressions.txt");
const rejected = expressions("rejected.txt");
const refused = expressions("refused.txt");

interface Corpus {
  name: string;
  path: string;
  frames: Array<{ data: Uint8Array; wireLength: number }>;
}

/** Captures are re-stamped (timestamp = frame index) so tcpdump's output names the frames. */
function loadCorpora(directory: string): Corpus[] {
  const generated = generateFrames(GENERATED_FRAMES).map((data) => ({ data, wireLength: data.length }));
  const corpora: Corpus[] = [{ name: "generated", path: join(directory, "generated.pcap"), frames: generated }];
  const capturesDirectory = join(testdata, "captures");
  let captureFiles: string[] = [];
  try {
    captureFiles = readdirSync(capturesDirectory).filter((file) => file.endsWith(".pcap"));
  } catch {
    // No captures dropped in yet.
  }
  for (const file of captureFiles) {
    const capture = readPcap(new Uint8Array(readFileSync(join(capturesDirectory, file))));
    if (capture.linkType !== LINKTYPE_ETHERNET) continue;
    corpora.push({ name: file, path: join(directory, file), frames: capture.frames });
  }
  for (const corpus of corpora) writeFileSync(corpus.path, writePcap(corpus.frames));
  return corpora;
}

let directory = "";
let corpora: Corpus[] = [];
const verdicts = new Map<string, TcpdumpVerdict>();

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "bpf-differential-"));
  corpora = loadCorpora(directory);
  const jobs = [...accepted, ...rejected, ...refused].flatMap((expression) =>
    corpora.map((corpus) => ({ expression, corpus })),
  );
  const results = await mapLimited(jobs, PARALLEL_TCPDUMPS, (job) => runTcpdump(job.corpus.path, job.expression));
  jobs.forEach((job, i) => verdicts.set(`${job.corpus.name}\n${job.expression}`, results[i] as TcpdumpVerdict));
}, 170_000);

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

function verdict(corpus: Corpus, expression: string): TcpdumpVerdict {
  const found = verdicts.get(`${corpus.name}\n${expression}`);
  if (!found) throw new Error(`no tcpdump verdict for ${expression}`);
  return found;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("the corpus", () => {
  it("is large enough to mean something", () => {
    expect(accepted.length + rejected.length + refused.length).toBeGreaterThanOrEqual(300);
    expect(corpora[0]?.frames.length).toBeGreaterThanOrEqual(5000);
  });
});

describe("expressions both accept match the same frames as tcpdump", () => {
  it.each(accepted)("%s", (expression) => {
    const compiled = compileBpf(expression);
    for (const corpus of corpora) {
      const oracle = verdict(corpus, expression);
      if (!oracle.ok) throw new Error(`tcpdump refuses it: ${oracle.message}`);
      if (!compiled.ok) throw new Error(`compileBpf refuses it: ${compiled.message}`);
      const expected = new Set(oracle.matched);
      const differences: string[] = [];
      corpus.frames.forEach((frame, index) => {
        const ours = compiled.match(frame.data, frame.wireLength);
        if (ours !== expected.has(index) && differences.length < 5) {
          differences.push(`frame ${index} (${corpus.name}): tcpdump ${!ours}, ours ${ours}: ${hex(frame.data)}`);
        }
      });
      expect(differences, differences.join("\n")).toEqual([]);
    }
  });
});

describe("expressions tcpdump refuses are refused", () => {
  it.each(rejected)("%s", (expression) => {
    for (const corpus of corpora) {
      const oracle = verdict(corpus, expression);
      expect(oracle.ok, "tcpdump accepts it: move it to expressions.txt").toBe(false);
    }
    const compiled = compileBpf(expression);
    expect(compiled.ok, "compileBpf accepts it").toBe(false);
  });
});

describe("expressions refused by design", () => {
  it.each(refused)("%s", (expression) => {
    const corpus = corpora[0] as Corpus;
    expect(verdict(corpus, expression).ok, "tcpdump refuses it too: move it to rejected.txt").toBe(true);
    expect(compileBpf(expression).ok).toBe(false);
  });
});
