/** Server-test helpers of the forms module (publish a form through its API, submit) for other modules' tests. */
export * from './test-support';
