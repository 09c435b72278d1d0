// Which lanes a dispatcher starts, stops and replaces when the binds' configuration changes under it.
import { describe, expect, it } from 'vitest';
import { lanePlan, type LaneSettings } from '../../core/domain/lane-plan.ts';

const bind = (name: string, changes: Partial<LaneSettings> = {}): LaneSettings => ({
  name,
  url: `smpp://${name}:secret@127.0.0.1:2775`,
  systemType: '',
  tps: 100,
  window: 10,
  submitTimeoutMs: 10_000,
  ...changes,
});

describe('lane plan', () => {
  it('nothing changed: nothing to do', () => {
    expect(lanePlan([bind('a'), bind('b')], [bind('b'), bind('a')])).toEqual({ start: [], stop: [], replace: [] });
  });

  it('a bind added gets a lane; a bind removed loses its lane', () => {
    expect(lanePlan([bind('a'), bind('b')], [bind('a'), bind('c')])).toEqual({ start: [bind('c')], stop: ['b'], replace: [] });
  });

  it('each setting a lane is made of replaces it when it changes', () => {
    for (const changes of [{ url: 'smpp://other:secret@10.0.0.1:2775' }, { systemType: 'VMA' }, { tps: 50 }, { window: 20 }, { submitTimeoutMs: 5_000 }, { url: null }]) {
      expect(lanePlan([bind('a'), bind('b')], [bind('a', changes), bind('b')])).toEqual({ start: [], stop: [], replace: [bind('a', changes)] });
    }
  });

  it('the first bind configured takes the place of the default one from the environment', () => {
    const fromEnvironment = bind('default', { url: null });
    expect(lanePlan([fromEnvironment], [bind('vodacom-1')])).toEqual({ start: [bind('vodacom-1')], stop: ['default'], replace: [] });
    expect(lanePlan([fromEnvironment], [bind('default')])).toEqual({ start: [], stop: [], replace: [bind('default')] });
  });
});
