export { addDatasetUseCheck, type DatasetUseCheck } from '../in-use';
