import { EntityForm } from "../components/form/entity-form";
import type { OverrideProps } from "./index";

/**
 * A role's create and edit form: the generic form of the definition (key on create only, name,
 * description, two-factor), with its rules as the grid (FieldInput's `rules` input), at the
 * page's width.
 */
export default function RoleEdit({ def, id }: OverrideProps) {
  return id === undefined ? (
    <EntityForm key={def.name} def={def} mode="create" wide />
  ) : (
    <EntityForm key={`${def.name}-${id}`} def={def} mode="edit" id={id} wide />
  );
}
