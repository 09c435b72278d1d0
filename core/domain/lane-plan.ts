// Which lanes a dispatcher starts, stops and replaces when the binds' configuration changes while it runs. A lane is
// tied to its bind's settings as they were when it started: its link dialled that URL with that system type, and
// its pacer, window and submit timeout were made from those numbers. So a bind added gets a lane, a bind removed
// loses its lane, and a bind whose settings changed gets a new lane in place of its old one. Enabling and disabling
// are not settings: they only change what a lane carries (bind-routes.ts), and never replace it.

/** What a bind's lane is made of. */
export interface LaneSettings {
  name: string;
  /** The bind's SMSC (password included: never logged); null for the default bind without SMPP_URL. */
  url: string | null;
  systemType: string;
  tps: number;
  window: number;
  submitTimeoutMs: number;
}

export interface LanePlan {
  /** Binds without a lane: each gets one. */
  start: LaneSettings[];
  /** Binds gone: their lanes stop. */
  stop: string[];
  /** Binds whose settings changed: the old lane stops while a new one starts with these. */
  replace: LaneSettings[];
}

export function sameLaneSettings(a: LaneSettings, b: LaneSettings): boolean {
  return a.name === b.name && a.url === b.url && a.systemType === b.systemType && a.tps === b.tps && a.window === b.window && a.submitTimeoutMs === b.submitTimeoutMs;
}

/** From the lanes running (by their settings) to the binds configured now. */
export function lanePlan(running: readonly LaneSettings[], wanted: readonly LaneSettings[]): LanePlan {
  const now = new Map(running.map((s) => [s.name, s]));
  const next = new Set(wanted.map((s) => s.name));
  return {
    start: wanted.filter((s) => !now.has(s.name)),
    stop: running.filter((s) => !next.has(s.name)).map((s) => s.name),
    replace: wanted.filter((s) => now.has(s.name) && !sameLaneSettings(now.get(s.name)!, s)),
  };
}
