import { createContext } from "react";

/**
 * The id of the field a page wants brought into view (a failed save opens the feature editor at the field in
 * error): a closed list card holding it opens.
 */
export const RevealFieldContext = createContext<string | undefined>(undefined);

/** The ids of the fields whose errors the form shows: a closed list card holding one opens and is marked. */
export const ShownErrorsContext = createContext<readonly string[]>([]);

/** Is the field `id` the field `container` or inside it ("root_groups_1_name" is inside "root_groups_1")? */
export const isInside = (id: string, container: string) => id === container || id.startsWith(`${container}_`);
