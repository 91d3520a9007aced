// A service record as any view hands it to commands (projects, Open Record).
import type { EntityKind, ProjectEntityType } from './entityKinds';

/**
 * What every tree item of a service record hands to commands that work on any record
 * (Assign to Projects..., Open record): the views' node objects carry it as `entity`.
 */
export interface EntityRef {
  entityType: ProjectEntityType;
  id: number;
  /** The record's name as shown, for questions and messages. */
  label: string;
}

/**
 * A record a view showed and the user acted on: by kind and id, with the name the user saw, so
 * messages say it by name, and a 404 takes it out of every view that shows it.
 */
export interface ShownRecord {
  kind: EntityKind;
  id: number;
  name?: string;
}

/** The record acted on, with the name the view showed when there was one. */
export const shownRecord = (kind: EntityKind, id: number, name?: string): ShownRecord => ({
  kind,
  id,
  ...(name !== undefined && { name }),
});
