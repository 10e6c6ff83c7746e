import { describe, expect, it } from 'vitest';
import { LEAVE_PROCESS } from '../web/testing/fixtures';
import { nodeProgress } from './flow-chart';

describe('nodeProgress', () => {
  it('marks what ran, where it waits and what is still to come', () => {
    expect(
      nodeProgress({
        definition: LEAVE_PROCESS,
        currentNodes: ['college'],
        status: 'running',
        tasks: [
          { nodeId: 'counsellor', status: 'approved' },
          { nodeId: 'college', status: 'pending' },
        ],
        history: [
          { nodeId: 'start', action: 'submit' },
          { nodeId: 'counsellor', action: 'approve' },
        ],
      }),
    ).toEqual({ start: 'done', counsellor: 'done', college: 'current', dorm: 'notStarted', end: 'notStarted' });
  });

  it('marks the node that returned the request', () => {
    expect(
      nodeProgress({
        definition: LEAVE_PROCESS,
        currentNodes: [],
        status: 'returned',
        tasks: [],
        history: [
          { nodeId: 'start', action: 'submit' },
          { nodeId: 'counsellor', action: 'return' },
        ],
      }),
    ).toMatchObject({ counsellor: 'returned', college: 'notStarted', end: 'notStarted' });
  });

  it('draws every node done once approved (the copy node ran)', () => {
    expect(
      nodeProgress({
        definition: LEAVE_PROCESS,
        currentNodes: [],
        status: 'approved',
        tasks: [],
        history: [
          { nodeId: 'start', action: 'submit' },
          { nodeId: 'counsellor', action: 'approve' },
          { nodeId: 'college', action: 'approve' },
          { nodeId: 'dorm', action: 'copy' },
          { nodeId: 'end', action: 'finish' },
        ],
      }),
    ).toEqual({ start: 'done', counsellor: 'done', college: 'done', dorm: 'done', end: 'done' });
  });
});
