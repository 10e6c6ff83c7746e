// The form engine (issue 5): the document, its values, the linkage evaluator, the checks.
export * from './schema';
export * from './values';
export * from './linkage';
export * from './validate';
export * from './defaults';
export * from './check-schema';
