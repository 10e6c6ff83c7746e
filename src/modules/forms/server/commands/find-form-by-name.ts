import * as repo from '../repository';

/**
 * A form's id and newest published version by its exact name (undefined when there is none): the
 * service hall's demo seed binds its items to the demo forms by name.
 */
export const findFormIdByName = (db: repo.Conn, name: string) => repo.formIdByName(db, name);
