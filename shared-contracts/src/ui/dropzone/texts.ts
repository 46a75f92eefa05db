import type { Locale } from '../../i18n/locale';

/** Why a file was not added: its type, its size (too large or empty), or the count. */
export type RefusalReason = 'type' | 'tooLarge' | 'empty' | 'tooMany';

interface DropzoneTexts {
  instructions: (multiple: boolean) => string;
  dropNow: (multiple: boolean) => string;
  choose: (multiple: boolean) => string;
  limits: (types: string, size: string, maxFiles: number) => string;
  chosen: (label: string) => string;
  remove: string;
  removeFile: (name: string) => string;
  refused: (label: string) => string;
  reason: (reason: RefusalReason, size: string, maxFiles: number) => string;
}

// The drop zone's own words, in the portal's two languages (SPEC §1), here rather than in a remote's
// catalogue: every remote that shows a drop zone says the same things.
export const DROPZONE_TEXTS: Readonly<Record<Locale, DropzoneTexts>> = {
  en: {
    instructions: (multiple) => (multiple ? 'Drag the files here or choose them' : 'Drag the file here or choose it'),
    dropNow: (multiple) => (multiple ? 'Drop the files to add them' : 'Drop the file to add it'),
    choose: (multiple) => (multiple ? 'Choose files' : 'Choose a file'),
    limits: (types, size, maxFiles) =>
      maxFiles > 1
        ? `Accepted: ${types}; up to ${size} each; at most ${maxFiles} files.`
        : `Accepted: ${types}; up to ${size}.`,
    chosen: (label) => `Chosen: ${label}`,
    remove: 'Remove',
    removeFile: (name) => `Remove ${name}`,
    refused: (label) => `Not added: ${label}`,
    reason: (reason, size, maxFiles) =>
      ({
        type: 'this type of file is not accepted',
        tooLarge: `larger than ${size}`,
        empty: 'the file is empty',
        tooMany: maxFiles > 1 ? `more than ${maxFiles} files` : 'only one file can be chosen',
      })[reason],
  },
  lv: {
    instructions: (multiple) =>
      multiple ? 'Ievelciet failus šeit vai izvēlieties tos' : 'Ievelciet failu šeit vai izvēlieties to',
    dropNow: (multiple) => (multiple ? 'Atlaidiet failus, lai tos pievienotu' : 'Atlaidiet failu, lai to pievienotu'),
    choose: (multiple) => (multiple ? 'Izvēlēties failus' : 'Izvēlēties failu'),
    limits: (types, size, maxFiles) =>
      maxFiles > 1
        ? `Derīgi: ${types}; katrs līdz ${size}; ne vairāk kā ${maxFiles} faili.`
        : `Derīgi: ${types}; līdz ${size}.`,
    chosen: (label) => `Izvēlēts: ${label}`,
    remove: 'Noņemt',
    removeFile: (name) => `Noņemt ${name}`,
    refused: (label) => `Nav pievienots: ${label}`,
    reason: (reason, size, maxFiles) =>
      ({
        type: 'šāda veida fails netiek pieņemts',
        tooLarge: `lielāks par ${size}`,
        empty: 'fails ir tukšs',
        tooMany: maxFiles > 1 ? `vairāk nekā ${maxFiles} faili` : 'var izvēlēties tikai vienu failu',
      })[reason],
  },
};
