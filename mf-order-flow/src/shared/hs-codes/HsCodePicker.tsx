import { matchSavedHsCodes, type SavedHsCode } from '@portal/shared-contracts/account';
import { isDeclarableHsEntry } from '@portal/shared-contracts/orders';
import { useCmsTooltip, usePlatform } from '@portal/shared-contracts/react';
import { Loader, Stack, Text } from '@portal/shared-contracts/ui';
import { Autocomplete } from '@portal/shared-contracts/ui/overlays';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { type HsCodeItem, hsCodeDescription, hsCodeSearchQuery, isSearchable, savedHsCodesQuery } from './hs-codes';
import { useDebounced } from './use-debounced';

/** Typing pauses this long before the search goes out: one call per word, not per key. */
export const SEARCH_DELAY_MS = 250;

/** Digits with spaces or dots (`4901.99`, `0101 21`): the text is a code, kept as digits. */
const CODE_TEXT = /^[\d\s.]*$/;
const digitsOf = (text: string) => text.replace(/[\s.]/g, '');
const NO_ITEMS: HsCodeItem[] = [];
const NO_SAVED: SavedHsCode[] = [];

/** A code chosen from the list: a saved code's description is the account's own words. */
export interface PickedHsCode {
  code: string;
  description: string;
}

interface Props {
  label: string;
  /** The content line's code (digits). */
  value: string;
  onChange: (code: string) => void;
  /** A code was chosen from the list. */
  onPick?: (picked: PickedHsCode) => void;
  error?: string;
  'data-testid'?: string;
}

/**
 * The HS code of a content line: type a code, or words of the goods in English or Latvian, and
 * choose from the subheadings the API finds (code and name in the interface language). A signed-in
 * user's saved codes (My data and settings, Product classification) come first, in a group of
 * their own, filtered by what is typed; the nomenclature's follow. A code typed by hand stays as
 * typed; words only search, so after leaving the field it shows the line's code again.
 */
export function HsCodePicker({ label, value, onChange, onPick, error, ...rest }: Props) {
  const { t } = useTranslation(NAMESPACE);
  // The back office may reword the help (CMS block `tooltip-hs-code`); the catalogue's text until then.
  const hint = useCmsTooltip('tooltip-hs-code', t('content.hsCodeHint'));
  const { api, locale, session } = usePlatform();
  const [text, setText] = useState(value);
  const search = useDebounced(text, SEARCH_DELAY_MS);
  const found = useQuery({ ...hsCodeSearchQuery(api, search), placeholderData: keepPreviousData });
  const accountId = session?.status === 'authenticated' ? session.activeAccount?.id : undefined;
  const saved = useQuery(savedHsCodesQuery(api, accountId));

  // A code set from outside (a saved order loaded into the wizard) replaces the text.
  useEffect(() => {
    setText((current) => (CODE_TEXT.test(current) && digitsOf(current) === value ? current : value));
  }, [value]);

  // Only what a declaration takes (the order rules' own test): the search also finds chapters and
  // headings, which the API refuses as "HS code not found" (issue 40).
  const members = (isSearchable(text) && found.data?.['hydra:member']) || NO_ITEMS;
  const items = useMemo(() => members.filter(isDeclarableHsEntry), [members]);
  const byCode = useMemo(() => new Map(items.map((item) => [item.code, item])), [items]);
  const savedCodes = saved.data?.['hydra:member'] ?? NO_SAVED;
  const savedShown = useMemo(() => matchSavedHsCodes(savedCodes, text), [savedCodes, text]);
  const savedByCode = useMemo(() => new Map(savedCodes.map((item) => [item.code, item])), [savedCodes]);
  // A saved code is listed once, among the saved ones.
  const nomenclatureShown = items.filter((item) => !savedByCode.has(item.code));
  const groups = [
    ...(savedShown.length > 0 ? [{ group: t('content.hsCodeSaved'), items: savedShown.map((item) => item.code) }] : []),
    ...(nomenclatureShown.length > 0
      ? [{ group: t('content.hsCodeNomenclature'), items: nomenclatureShown.map((item) => item.code) }]
      : []),
  ];

  const type = (next: string) => {
    setText(next);
    if (CODE_TEXT.test(next)) onChange(digitsOf(next));
  };
  const pick = (code: string) => {
    const own = savedByCode.get(code);
    const item = byCode.get(code);
    setText(code);
    onChange(code);
    if (own) onPick?.({ code, description: own.description });
    else if (item) onPick?.({ code, description: item.description });
  };

  const settled = isSearchable(search) && search === text && !found.isFetching;
  let status: string | null = null;
  if (found.isError && isSearchable(text)) status = t('content.hsCodeSearchFailed');
  else if (settled && found.data?.tooMany) status = t('content.hsCodeTooMany');
  else if (settled && found.data && items.length === 0 && savedShown.length === 0)
    status = t('content.hsCodeNothingFound');

  return (
    <Stack gap={4}>
      <Autocomplete
        label={label}
        description={hint}
        value={text}
        onChange={type}
        onOptionSubmit={pick}
        onBlur={() => {
          // Words that were not turned into a code leave the line's code as it was.
          if (!CODE_TEXT.test(text)) setText(value);
        }}
        data={groups}
        // The API has searched already (words in either language) and the saved codes are
        // matched above: show what was found.
        filter={({ options }) => options}
        renderOption={({ option }) => {
          const own = savedByCode.get(option.value);
          if (own) {
            return (
              <div data-testid="saved-hs-code-option">
                <Text size="sm" fw={600} component="span">
                  {option.value}
                </Text>{' '}
                <Text size="sm" component="span">
                  {own.description}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {(locale === 'lv' && own.hsDescriptionLv) || own.hsDescription}
                </Text>
              </div>
            );
          }
          const item = byCode.get(option.value);
          return (
            <div>
              <Text size="sm" fw={600} component="span">
                {option.value}
              </Text>
              {item && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {hsCodeDescription(item, locale)}
                </Text>
              )}
            </div>
          );
        }}
        maxDropdownHeight={320}
        // Wider than the field (a third of the row): names are long; shifted to stay on screen.
        comboboxProps={{ width: 420, position: 'bottom-start' }}
        rightSection={found.isFetching ? <Loader size="xs" aria-label={t('content.hsCodeSearching')} /> : null}
        error={error}
        spellCheck={false}
        autoComplete="off"
        data-testid={rest['data-testid']}
      />
      {/* A live region: screen readers hear that the list is cut or empty. */}
      <Text size="xs" c={found.isError ? 'red' : 'dimmed'} role="status" aria-live="polite">
        {status}
      </Text>
    </Stack>
  );
}
