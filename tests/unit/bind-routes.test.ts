// The routing rule alone: the first bind of an operator's route that is up carries it; with none up, the first
// enabled one keeps it (its messages wait there); no route goes to the default bind, or waits unclaimed.
import { describe, expect, it } from 'vitest';
import { carrierOf, operatorsByBind, type BindAvailability } from '../../core/domain/bind-routes.ts';

const up: BindAvailability = { enabled: true, bound: true };
const down: BindAvailability = { enabled: true, bound: false };
const off: BindAvailability = { enabled: false, bound: true };

describe('bind routes', () => {
  const routes = new Map([
    ['vodacom', ['vodacom-1', 'spare-1']],
    ['airtel', ['airtel-1']],
  ]);

  it('the operator’s own bind while it is up, then the next bound one of its route', () => {
    expect(carrierOf('vodacom', routes, new Map([['vodacom-1', up], ['spare-1', up]]))).toBe('vodacom-1');
    expect(carrierOf('vodacom', routes, new Map([['vodacom-1', down], ['spare-1', up]]))).toBe('spare-1');
    expect(carrierOf('vodacom', routes, new Map([['vodacom-1', off], ['spare-1', down]]))).toBe('spare-1');
  });

  it('with nothing up, the first enabled bind keeps its operators (they wait there); with none enabled, nobody', () => {
    expect(carrierOf('vodacom', routes, new Map([['vodacom-1', down], ['spare-1', down]]))).toBe('vodacom-1');
    expect(carrierOf('airtel', routes, new Map([['airtel-1', off]]))).toBeNull();
  });

  it('an operator without a route goes to the default bind, or waits unclaimed without one', () => {
    expect(carrierOf('yas', routes, new Map([['default', down], ['airtel-1', up]]))).toBe('default');
    expect(carrierOf('yas', routes, new Map([['airtel-1', up]]))).toBeNull();
  });

  it('each bind’s operators; a bind carrying all six needs no filter', () => {
    expect(operatorsByBind(new Map(), new Map([['default', up]]))).toEqual(new Map([['default', null]]));
    const binds = new Map([['vodacom-1', down], ['spare-1', up], ['airtel-1', up], ['default', up]]);
    expect(operatorsByBind(routes, binds)).toEqual(new Map([['spare-1', ['vodacom']], ['airtel-1', ['airtel']], ['default', ['yas', 'halotel', 'ttcl', 'other']]]));
  });
});
