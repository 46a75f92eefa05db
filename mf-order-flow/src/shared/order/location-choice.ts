/** A parcel locker or post office chosen on the map or the list. */
export interface LocationChoice {
  id: string;
  label: string;
}
