/**
 * What the mobile layout offers the phone's home page (module mobile): the kit-free grid the back
 * office's preview draws too, and the quick-entry group made from the homepage modules.
 */
export { badgeText, LayoutView, PhoneHeader, tileColour } from './layout-view';
export { SHORTCUTS_GROUP_TITLE, shortcutsGroup } from './home-shortcuts';
