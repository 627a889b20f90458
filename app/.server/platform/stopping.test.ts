import { afterEach, describe, expect, it } from "vitest";
import { BatchWriter } from "./batch-writer";
import { resetStopForTests, stopRequested, waitBeforeStop } from "./stopping";

afterEach(() => resetStopForTests());

describe("a stop of the Node server (SIGTERM)", () => {
  it("asks long work to hand over and raises the signal again only once the answers under way and the work after them are done", async () => {
    const happened: string[] = [];
    const listeners: Record<string, (signal: string) => void> = {};
    let killed: () => void = () => {};
    const ended = new Promise<void>((resolve) => (killed = resolve));
    const fakeProcess = {
      pid: 1,
      once: (event: string, fn: (signal: string) => void) => (listeners[event] = fn),
      kill: () => (happened.push("signal raised"), killed(), true),
    } as unknown as NodeJS.Process;
    const writer = new BatchWriter(async (rows: string[]) => void happened.push(`wrote ${rows.join()}`), 60_000, 100);
    writer.flushOnExit(fakeProcess);
    writer.add("a page session");
    // the work left to run after an answer (registered at boot), and the answer under way (registered by the signal)
    waitBeforeStop(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      happened.push(`background done (asked to stop: ${stopRequested()})`);
    });
    waitBeforeStop(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        happened.push("answer sent");
      },
      { first: true },
    );
    expect(stopRequested()).toBe(false);
    listeners.SIGTERM!("SIGTERM");
    expect(stopRequested()).toBe(true);
    await ended;
    expect(happened).toEqual(["answer sent", "background done (asked to stop: true)", "wrote a page session", "signal raised"]);
  });
});
