// Requests to Python: each intent is one promise, settled by Python's reply with the
// same id (docs/widget-protocol.md). A refused intent rejects with `Refused` (the
// reason, nothing changed); a reply that never comes rejects with `Lost`.

import type { AnyModel } from "@anywidget/types";

import { CHANGES, type Intent, type Reply, type Traits } from "./protocol";

/** A reply not come by then is taken as lost (a kernel restart, a busy kernel). */
export const TIMEOUT_MS = 10_000;

/** Python refused the intent and changed nothing; `message` says why. */
export class Refused extends Error {
  readonly rule: string | null;

  constructor(text: string, rule: string | null) {
    super(text);
    this.name = "Refused";
    this.rule = rule;
  }
}

/** No reply came in time; a late one is ignored. */
export class Lost extends Error {
  constructor(intent: Intent, timeout: number) {
    super(`no reply to ${intent.action} within ${timeout} ms`);
    this.name = "Lost";
  }
}

interface Pending {
  intent: Intent;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  timer: number;
}

interface Queued {
  intent: Intent;
  timeout: number;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

export class Requests {
  private readonly model: AnyModel<Traits>;
  private readonly version: () => number;
  /** Called whenever no change is in flight any more. */
  private readonly idle: () => void;
  /** Ids are whole numbers (Python echoes only those); each view draws its own range,
   *  so one view never takes another view's reply for its own. */
  private readonly idBase = Math.floor(Math.random() * 2 ** 31) * 2 ** 21;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly queue: Queued[] = [];

  /** `version`: the `view.version` an intent is made on; `idle`: see `busy()`. */
  constructor(model: AnyModel<Traits>, version: () => number, idle: () => void) {
    this.model = model;
    this.version = version;
    this.idle = idle;
  }

  /** Sends `intent` now, made on the view shown now; `timeout`: how long its reply may
   *  take (longer for work such as a GIF export). */
  send(intent: Intent, timeout = TIMEOUT_MS): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const id = this.idBase + ++this.seq;
      const timer = window.setTimeout(() => this.settle(id, new Lost(intent, timeout)), timeout);
      this.pending.set(id, { intent, resolve, reject, timer });
      this.model.send({ kind: "intent", id, version: this.version(), ...intent });
    });
  }

  /** Sends `intent` once every change in flight is answered, in order: sent now, it
   *  would be made on a board that is about to change, and refused as stale. */
  sendWhenSettled(intent: Intent, timeout = TIMEOUT_MS): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ intent, timeout, resolve, reject });
      this.drain();
    });
  }

  /** A change asked for is unanswered (questions such as previews don't count). */
  busy(): boolean {
    for (const { intent } of this.pending.values()) if (CHANGES[intent.action]) return true;
    return false;
  }

  /** Python's reply: settles the request of that id, if this view made it. */
  receive(reply: Reply): void {
    if (typeof reply.id === "number" && this.pending.has(reply.id)) this.settle(reply.id, reply);
  }

  /** The view is gone: nothing more is sent, and nothing pending settles. */
  destroy(): void {
    for (const { timer } of this.pending.values()) window.clearTimeout(timer);
    this.pending.clear();
    this.queue.length = 0;
  }

  private settle(id: number, outcome: Reply | Lost): void {
    const request = this.pending.get(id);
    if (!request) return;
    this.pending.delete(id);
    window.clearTimeout(request.timer);
    if (outcome instanceof Lost) request.reject(outcome);
    else if (outcome.ok) request.resolve(outcome);
    else request.reject(new Refused(outcome.error?.text ?? "refused", outcome.error?.rule ?? null));
    this.drain();
    if (!this.busy()) this.idle();
  }

  private drain(): void {
    while (this.queue.length && !this.busy()) {
      const next = this.queue.shift();
      if (next) this.send(next.intent, next.timeout).then(next.resolve, next.reject);
    }
  }
}
