/** Sample form documents for other modules' tests (never imported by production code). */
export { column, field, leaveSchema, OPTIONS, schemaOf } from './components/testing/sample-schemas';
