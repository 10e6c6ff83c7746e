/**
 * A module that needs an approval of its own (message publishing's whole-school releases, 一表通's
 * built-in 数据纠错) creates its process once, checked like the designer's publish/ and published as
 * version 1, in the caller's transaction. The same function the demo processes use.
 */
export { insertPublishedProcess } from '../seed-workflow';
