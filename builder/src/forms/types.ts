/** What custom widgets need from the workspace, passed as RJSF's formContext. */
export interface FormContext {
  /** Features of the draft, for pickers of "another feature" (menu items, tiles). */
  features: { id: string; type: string; title?: string }[];
  /** The feature being edited, which a picker must not offer as its own target. */
  currentFeatureId?: string;
  /** The app's locations (spec §3 App.locations), for the cover locations. */
  locations: { id: string; name?: string }[];
  /** Restaurant apps see no automotive icon categories (spec §6). */
  domainType?: string;
  /** Set by SchemaForm: applies one field's new value to the draft right away (see FastTextWidget). */
  fastEdit?: (id: string, value: unknown) => void;
  /** Set by SchemaForm: puts one value into the draft (undefined removes it), for templates' own controls. */
  setValue?: (id: string, value: unknown) => void;
  /** Set by SchemaForm: ids of the optional blocks switched on, kept in the draft while still empty. */
  openBlocks?: Set<string>;
}
