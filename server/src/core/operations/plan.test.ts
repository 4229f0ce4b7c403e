import { decide, MAX_COMPENSATION_REFUSALS, type Leg, type Plan, type Step } from './plan';

/** decide() for game → game: the way back is tried again after each refusal, PARTIAL only after the bound. */
const out: Step = { type: 'game_out', code: 'A', amount: 100 };
const into: Step = { type: 'game_in', code: 'B', amount: 100 };
const back: Step = { type: 'game_in', code: 'A', amount: 100 };
const plan: Plan = { mode: 'chain', steps: [out, into], compensation: [back] };
const leg = (seq: number, step: Step, status: Leg['status']): Leg => ({
  seq,
  step,
  status,
  reference: status === 'FAILED' ? null : `r${seq}`,
  error: status === 'FAILED' ? 'TRANSFER_FAIL' : null,
});
const refusedForward = [leg(0, out, 'SUCCESS'), leg(1, into, 'FAILED')];
const backTries = (statuses: Leg['status'][]) => statuses.map((s, i) => leg(2 + i, back, s));

describe('decide: game → game compensation', () => {
  test('the destination refused: the way back starts (first try)', () => {
    expect(decide(plan, refusedForward)).toEqual({ kind: 'start', seq: 2, step: back, retry: 0 });
  });

  test('each refusal of the way back is followed by another try, counting the refusals', () => {
    for (let n = 1; n < MAX_COMPENSATION_REFUSALS; n += 1) {
      const legs = [...refusedForward, ...backTries(Array<Leg['status']>(n).fill('FAILED'))];
      expect(decide(plan, legs)).toEqual({ kind: 'start', seq: 2 + n, step: back, retry: n });
    }
  });

  test('refused twice, then accepted: FAILED (fully back), not PARTIAL', () => {
    const legs = [...refusedForward, ...backTries(['FAILED', 'FAILED', 'SUCCESS'])];
    expect(decide(plan, legs)).toEqual({ kind: 'final', status: 'FAILED', error: 'TRANSFER_FAIL' });
  });

  test(`PARTIAL only after ${MAX_COMPENSATION_REFUSALS} refusals of the way back`, () => {
    const legs = [
      ...refusedForward,
      ...backTries(Array<Leg['status']>(MAX_COMPENSATION_REFUSALS).fill('FAILED')),
    ];
    expect(decide(plan, legs)).toEqual({ kind: 'final', status: 'PARTIAL', error: 'TRANSFER_FAIL' });
  });

  test('a pending try is driven first', () => {
    const legs = [...refusedForward, ...backTries(['FAILED', 'PENDING'])];
    expect(decide(plan, legs)).toMatchObject({ kind: 'drive', leg: { seq: 3 } });
  });
});
