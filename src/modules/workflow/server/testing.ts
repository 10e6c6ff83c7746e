/** Server-test helpers of the workflow (a published process, apply, act on tasks) for other modules' tests. */
export * from './test-support';
