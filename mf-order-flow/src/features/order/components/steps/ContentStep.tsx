import { formatMoney, formatWeight, normaliseDecimalInput, type Violation } from '@portal/shared-contracts';
import { ORDER_LIMITS } from '@portal/shared-contracts/orders';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../../i18n';
import { CountrySelect } from '../../../../shared/countries';
import { HsCodePicker } from '../../../../shared/hs-codes/HsCodePicker';
import {
  ASSOCIATED_DOCUMENT_TYPES,
  type AssociatedDocumentType,
  NATURES_OF_TRANSACTION,
  needsCustomsDeclaration,
} from '../../../../shared/order/contract';
import { useFieldErrors } from '../../hooks/use-field-errors';
import { useOrderActions } from '../../hooks/use-order-actions';
import type { StepName } from '../../hooks/use-steps';
import {
  type ContentLineDraft,
  contentTotals,
  contentWeightViolation,
  customsFormFor,
  emptyContentLine,
  MAX_CONTENT_LINES,
  type OrderDraft,
  rowId,
} from '../../model';
import { useOrderFlow } from '../../store';
import { StepButtons } from '../StepButtons';

const LINE = 'orderLines[0]';
const LINE_FIELDS = ['hsCode', 'name', 'countryCode', 'quantity', 'weight', 'value'] as const;
/** The content fields only a customs declaration asks for (SPEC §3 Content item). */
const CUSTOMS_LINE_FIELDS = ['hsCode', 'countryCode'] as const;

function shownPaths(draft: OrderDraft, customs: boolean): string[] {
  const fields = customs
    ? LINE_FIELDS
    : LINE_FIELDS.filter((field) => !(CUSTOMS_LINE_FIELDS as readonly string[]).includes(field));
  return [
    `${LINE}.content`,
    ...(customs ? [`${LINE}.customsInfo.natureOfTransaction`, `${LINE}.customsInfo.voecNumber`] : []),
    ...draft.content.flatMap((_, index) => fields.map((field) => `${LINE}.content[${index}].${field}`)),
    ...(customs
      ? draft.documents.flatMap((_, index) =>
          ['type', 'number', 'description'].map(
            (field) => `${LINE}.customsInfo.associatedDocuments[${index}].${field}`,
          ),
        )
      : []),
  ];
}

/**
 * Step 3, detailed shipment info (SPEC §2, §3 Content item, Customs info): up to 10 content lines.
 * Customs fields and texts (HS code, origin, CN22/CN23, nature of transaction, documents) only
 * when the destination is outside the EU customs territory; an insured parcel within the EU
 * gives its content values alone (SPEC §5: insurance not above the content value).
 */
export default function ContentStep({ steps }: { steps: StepName[] }) {
  const { t } = useTranslation(NAMESPACE);
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const { errorFor } = useFieldErrors();
  const { next, busy } = useOrderActions();
  const totals = contentTotals(draft.content);
  const customs = needsCustomsDeclaration(draft.countryCode);
  // The line shown before anything is typed keeps its id when the first keystroke stores it: a new
  // id would remount the line and take the focus away from the field being typed in.
  const [firstLine] = useState(emptyContentLine);
  const lines = draft.content.length ? draft.content : [firstLine];

  const setLine = (index: number, change: Partial<ContentLineDraft>) =>
    update((current) => {
      const content = current.content.length ? [...current.content] : [firstLine];
      content[index] = { ...(content[index] ?? emptyContentLine()), ...change };
      return { content };
    });
  const removeLine = (index: number) =>
    update((current) => ({ content: current.content.filter((_, at) => at !== index) }));

  const onNext = () => {
    const found: Violation[] = [];
    const withLines = draft.content.length ? draft : { ...draft, content: lines };
    if (draft.content.length === 0) {
      found.push({ propertyPath: `${LINE}.content`, message: 'Add at least one item.' });
    }
    // SPEC §5 client check at step 3 of four: lighter content asks for approval.
    const weight = contentWeightViolation(withLines);
    if (weight) found.push(weight);
    void next({ steps, current: 'content' }, found);
  };

  return (
    <Stack gap="md">
      <Text size="sm" data-testid="content-intro">
        {t(customs ? 'content.intro' : 'content.introValued')}
      </Text>
      {lines.map((line, index) => (
        <Paper key={line.id} withBorder p="sm" data-testid={`content-line-${index}`}>
          <Group justify="space-between" mb="xs">
            <Text fw={600} size="sm">
              {t('content.line', { number: index + 1 })}
            </Text>
            {draft.content.length > 1 && (
              <Button variant="subtle" color="red" size="xs" onClick={() => removeLine(index)}>
                {t('content.remove')}
              </Button>
            )}
          </Group>
          <Group grow align="flex-start">
            {customs && (
              <HsCodePicker
                label={t('content.hsCode')}
                value={line.hsCode}
                onChange={(hsCode) => setLine(index, { hsCode })}
                // The English name (the customs declaration is read in the destination country), or
                // for a saved code the account's own description of its goods.
                onPick={(item) => {
                  if (!line.name.trim()) setLine(index, { name: item.description });
                }}
                error={errorFor(`${LINE}.content[${index}].hsCode`)}
                data-testid={`hs-code-${index}`}
              />
            )}
            <TextInput
              label={t('content.name')}
              required
              value={line.name}
              onChange={(event) => setLine(index, { name: event.currentTarget.value })}
              error={errorFor(`${LINE}.content[${index}].name`)}
            />
            {customs && (
              <CountrySelect
                label={t('content.origin')}
                value={line.countryCode || null}
                onChange={(countryCode) => setLine(index, { countryCode: countryCode ?? '' })}
                error={errorFor(`${LINE}.content[${index}].countryCode`)}
              />
            )}
          </Group>
          <Group grow align="flex-start" mt="xs">
            <TextInput
              label={t('content.quantity')}
              required
              value={line.quantity}
              inputMode="numeric"
              onChange={(event) => setLine(index, { quantity: normaliseDecimalInput(event.currentTarget.value, 0) })}
              error={errorFor(`${LINE}.content[${index}].quantity`)}
            />
            <TextInput
              label={t('content.weight')}
              required
              value={line.weightKg}
              inputMode="decimal"
              onChange={(event) => setLine(index, { weightKg: normaliseDecimalInput(event.currentTarget.value, 3) })}
              error={errorFor(`${LINE}.content[${index}].weight`)}
            />
            <TextInput
              label={t('content.value')}
              required
              value={line.valueEur}
              inputMode="decimal"
              onChange={(event) => setLine(index, { valueEur: normaliseDecimalInput(event.currentTarget.value, 2) })}
              error={errorFor(`${LINE}.content[${index}].value`)}
            />
          </Group>
        </Paper>
      ))}
      <Group justify="space-between">
        <Button
          variant="light"
          disabled={lines.length >= MAX_CONTENT_LINES}
          onClick={() =>
            update((current) => ({
              content: [...(current.content.length ? current.content : lines), emptyContentLine()].slice(
                0,
                MAX_CONTENT_LINES,
              ),
            }))
          }
        >
          {t('content.add')}
        </Button>
        {lines.length >= MAX_CONTENT_LINES && <Text size="sm">{t('content.max')}</Text>}
      </Group>
      {errorFor(`${LINE}.content`) && (
        <Text c="red" size="sm" role="alert">
          {errorFor(`${LINE}.content`)}
        </Text>
      )}

      <Paper withBorder p="sm" data-testid="content-totals">
        <Text size="sm">
          {t('content.totals', {
            quantity: totals.quantity,
            weight: formatWeight(totals.weightGrams),
            value: formatMoney(totals.valueCents),
          })}
        </Text>
        {customs && (
          <Text size="sm" data-testid="customs-form-hint">
            {t(`content.${customsFormFor(totals.valueCents)}`)}
          </Text>
        )}
      </Paper>
      {customs && totals.valueCents > ORDER_LIMITS.exportDeclarationCents && (
        <Alert color="yellow" role="status">
          {t('content.exportDeclaration')}
        </Alert>
      )}

      {customs && <CustomsInfo />}
      <StepButtons
        steps={steps}
        current="content"
        shownPaths={shownPaths(draft, customs)}
        onNext={onNext}
        busy={busy}
      />
    </Stack>
  );
}

function CustomsInfo() {
  const { t } = useTranslation(NAMESPACE);
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const { errorFor } = useFieldErrors();
  const setDocument = (index: number, change: Partial<OrderDraft['documents'][number]>) =>
    update((current) => ({
      documents: current.documents.map((document, at) => (at === index ? { ...document, ...change } : document)),
    }));
  return (
    <Fieldset legend={t('customs.title')}>
      <Stack gap="sm">
        <Select
          label={t('customs.nature')}
          data={NATURES_OF_TRANSACTION.map((value) => ({ value, label: t(`customs.natures.${value}`) }))}
          value={draft.natureOfTransaction}
          onChange={(value) => update({ natureOfTransaction: value as OrderDraft['natureOfTransaction'] })}
          error={errorFor(`${LINE}.customsInfo.natureOfTransaction`)}
          data-testid="nature-of-transaction"
        />
        {draft.countryCode === 'NO' && (
          <TextInput
            label={t('customs.voec')}
            value={draft.voecNumber}
            onChange={(event) => update({ voecNumber: event.currentTarget.value })}
            error={errorFor(`${LINE}.customsInfo.voecNumber`)}
          />
        )}
        <Text size="sm" fw={500}>
          {t('customs.documents')}
        </Text>
        {draft.documents.map((document, index) => (
          <Group key={document.id} grow align="flex-end">
            <Select
              label={t('customs.documentType')}
              data={ASSOCIATED_DOCUMENT_TYPES.map((value) => ({ value, label: t(`customs.documentTypes.${value}`) }))}
              value={document.type}
              onChange={(value) => value && setDocument(index, { type: value as AssociatedDocumentType })}
              error={errorFor(`${LINE}.customsInfo.associatedDocuments[${index}].type`)}
            />
            <TextInput
              label={t('customs.documentNumber')}
              value={document.number}
              onChange={(event) => setDocument(index, { number: event.currentTarget.value })}
              error={errorFor(`${LINE}.customsInfo.associatedDocuments[${index}].number`)}
            />
            <TextInput
              label={t('customs.documentDescription')}
              value={document.description}
              onChange={(event) => setDocument(index, { description: event.currentTarget.value })}
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => update((current) => ({ documents: current.documents.filter((_, at) => at !== index) }))}
            >
              {t('content.remove')}
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={draft.documents.length >= 10}
            onClick={() =>
              update((current) => ({
                documents: [
                  ...current.documents,
                  { id: rowId(), type: 'commercial_invoice', number: '', description: '' },
                ],
              }))
            }
          >
            {t('customs.addDocument')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
