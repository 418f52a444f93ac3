import { describe, expect, it } from "vitest";
import { cappedStream, formatBytes } from "./upload-limit";

function chunks(...sizes: number[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean; pulled: () => number } {
  let index = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (index === sizes.length) return controller.close();
        controller.enqueue(new Uint8Array(sizes[index++]!));
      },
      cancel: () => void (cancelled = true),
    },
    { highWaterMark: 0 },
  );
  return { stream, cancelled: () => cancelled, pulled: () => index };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number> {
  let total = 0;
  for await (const chunk of stream) total += chunk.byteLength;
  return total;
}

describe("a capped body", () => {
  it("passes up to the limit through unchanged", async () => {
    const capped = cappedStream(chunks(400, 600).stream, 1000);
    expect(await readAll(capped.stream)).toBe(1000);
    expect(capped.exceeded()).toBe(false);
  });

  it("fails at the first byte past the limit, reading no further and leaving the body uncancelled", async () => {
    const body = chunks(400, 600, 1, 5000);
    const capped = cappedStream(body.stream, 1000);
    await expect(readAll(capped.stream)).rejects.toThrow("more than 1000 bytes");
    expect(capped.exceeded()).toBe(true);
    expect(body.pulled()).toBe(3);
    expect(body.cancelled()).toBe(false);
  });

  it("tells a broken body apart from one too large", async () => {
    const broken = new ReadableStream<Uint8Array>({ pull: (controller) => controller.error(new Error("connection reset")) });
    const capped = cappedStream(broken, 1000);
    await expect(readAll(capped.stream)).rejects.toThrow("connection reset");
    expect(capped.exceeded()).toBe(false);
  });
});

it("says sizes in the largest unit that is exact", () => {
  expect(formatBytes(4 * 1024 ** 3)).toBe("4 GiB");
  expect(formatBytes(512 * 1024 ** 2)).toBe("512 MiB");
  expect(formatBytes(64 * 1024)).toBe("64 KiB");
  expect(formatBytes(1536 * 1024)).toBe("1536 KiB");
  expect(formatBytes(1000)).toBe("1000 bytes");
});
