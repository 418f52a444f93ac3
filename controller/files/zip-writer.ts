import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export interface ZipSource {
  name: string;
  /** Opened only when the archive reaches the entry; null when it is gone meanwhile (left out). */
  open(): Promise<{ body: ReadableStream<Uint8Array>; modified: Date } | null>;
}

/**
 * A zip archive produced as it is read: one entry open at a time, each read a chunk at a time
 * as the consumer pulls, so a project's large files never sit in memory whole.
 * `deflate: false` stores entries uncompressed (GNS3's `compression=none`).
 */
export function zipStream(sources: AsyncIterable<ZipSource>, options: { deflate: boolean }): ReadableStream<Uint8Array> {
  const iterator = sources[Symbol.asyncIterator]();
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else if (chunk.length > 0) ready.push(chunk);
    if (final) finished = true;
  });
  let current: { reader: ReadableStreamDefaultReader<Uint8Array>; entry: ZipDeflate | ZipPassThrough } | null = null;
  let ended = false;

  const step = async (): Promise<void> => {
    // Every entry is complete when the archive is ended, so fflate finishes it at once.
    if (ended) throw new Error("the zip archive did not finish after its last entry");
    if (current) {
      const { done, value } = await current.reader.read();
      if (done) {
        current.entry.push(new Uint8Array(0), true);
        current = null;
      } else {
        current.entry.push(value, false);
      }
      return;
    }
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      zip.end();
      return;
    }
    const opened = await next.value.open();
    if (!opened) return;
    const entry = options.deflate ? new ZipDeflate(next.value.name, { level: 6 }) : new ZipPassThrough(next.value.name);
    entry.mtime = opened.modified;
    zip.add(entry);
    current = { reader: opened.body.getReader(), entry };
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        while (ready.length === 0 && !finished && !failure) await step();
      } catch (error) {
        controller.error(error);
        return;
      }
      if (failure) return controller.error(failure);
      for (const chunk of ready.splice(0)) controller.enqueue(chunk);
      if (finished) controller.close();
    },
    async cancel() {
      zip.terminate();
      await current?.reader.cancel();
      await iterator.return?.();
    },
  });
}
