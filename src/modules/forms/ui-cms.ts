/**
 * The linkage designer's condition pieces, for other back-office designers (the process designer's
 * condition branches test form values with the same operators and value inputs).
 */
export {
  conditionFor,
  conditionValueKind,
  operatorsFor,
  sourceFields,
  splitRange,
  withOperator,
} from './cms/designer/rule-logic';
export { TypedValueInput } from './cms/components/designer/value-inputs';
