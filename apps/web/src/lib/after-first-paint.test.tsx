import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStagesAfterFirstPaint } from './after-first-paint';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useStagesAfterFirstPaint', () => {
  it('shows one stage more per idle moment, each asked for once the stage before is committed', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.stubGlobal('requestAnimationFrame', (run: (t: number) => void) => {
      run(0);
      return 1;
    });
    const commits: number[] = [];
    function Screen() {
      const stages = useStagesAfterFirstPaint(3);
      useEffect(() => {
        commits.push(stages);
      }, [stages]);
      return <p>{stages}</p>;
    }
    render(<Screen />);
    // The first paint's task, then its idle moment (lib/after-first-paint.ts).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(commits).toEqual([0]);
    expect(idle).toHaveLength(1);
    await act(async () => idle.shift()?.());
    // The first stage waits for an idle moment of its own after that.
    expect(commits).toEqual([0]);
    for (const stage of [1, 2, 3]) {
      expect(idle).toHaveLength(1);
      await act(async () => idle.shift()?.());
      expect(commits).toEqual([0, 1, 2, 3].slice(0, stage + 1));
    }
    expect(idle).toHaveLength(0);
  });
});

describe('afterFirstPaint', () => {
  type Idle = (deadline: { didTimeout: boolean; timeRemaining: () => number }) => void;
  const stubFrames = (idle: Idle[]) => {
    vi.stubGlobal('requestIdleCallback', (run: Idle) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.stubGlobal('requestAnimationFrame', (run: (t: number) => void) => {
      run(0);
      return 1;
    });
  };
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('waits for the release of the entry’s hold (its first screen committed) before its idle moment', async () => {
    vi.resetModules();
    const { afterFirstPaint, holdUntilFirstScreen } = await import('./after-first-paint');
    const idle: Idle[] = [];
    stubFrames(idle);
    const release = holdUntilFirstScreen();
    const ran: string[] = [];
    afterFirstPaint(() => ran.push('stream'));
    await nextTask();
    expect(idle).toHaveLength(0);
    release();
    await nextTask();
    expect(idle).toHaveLength(1);
    idle.shift()?.({ didTimeout: false, timeRemaining: () => 40 });
    expect(ran).toEqual(['stream']);
    // Once that moment has passed, a call runs at once.
    afterFirstPaint(() => ran.push('later'));
    expect(ran).toEqual(['stream', 'later']);
  });

  it('runs the waiting calls in order, as many per idle moment as it has time left for', async () => {
    vi.resetModules();
    const { afterFirstPaint } = await import('./after-first-paint');
    const idle: Idle[] = [];
    stubFrames(idle);
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) afterFirstPaint(() => ran.push(name));
    await nextTask();
    expect(idle).toHaveLength(1);
    idle.shift()?.({ didTimeout: false, timeRemaining: () => 0 });
    expect(ran).toEqual(['a']);
    expect(idle).toHaveLength(1);
    idle.shift()?.({ didTimeout: false, timeRemaining: () => 40 });
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(idle).toHaveLength(0);
  });
});
