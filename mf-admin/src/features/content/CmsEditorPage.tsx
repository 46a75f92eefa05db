import { fieldErrorsOf, type Locale, parseDateTime, toDisplayDate } from '@portal/shared-contracts';
import {
  CMS_KINDS,
  type CmsBlockSource,
  type CmsKind,
  cmsBlockViolations,
  isCmsKey,
  MAX_CMS_KEY,
  MAX_CMS_LINK,
} from '@portal/shared-contracts/cms';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useParams, useSearchParams } from '@portal/shared-contracts/router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@portal/shared-contracts/ui';
import { Fieldset, Radio, Textarea } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { useCmsBlock, usePreview, useSaveCmsBlock } from './api';

interface FormValues {
  key: string;
  titleEn: string;
  titleLv: string;
  bodyEn: string;
  bodyLv: string;
  linkPath: string;
  /** DD.MM.YYYY as typed; the API gets ISO dates. */
  publishedAt: string;
  expiresAt: string;
}

/** Kinds whose blocks are cards with a link and a publication period (the home page's). */
const DATED_KINDS: readonly CmsKind[] = ['advert', 'news'];

const LANGUAGES: { locale: Locale; title: 'titleEn' | 'titleLv'; body: 'bodyEn' | 'bodyLv' }[] = [
  { locale: 'en', title: 'titleEn', body: 'bodyEn' },
  { locale: 'lv', title: 'titleLv', body: 'bodyLv' },
];

/** Mantine's default error red is below AA contrast on white (as in the locations form). */
const READABLE = { descriptionProps: { c: 'gray.7' }, errorProps: { c: 'red.9' } } as const;

/** `/admin/cms/editor` (a new block) and `/admin/cms/editor/:id` (the block with that key). */
export default function CmsEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const existing = useCmsBlock(id);
  // Every page has its heading, also while the block loads or when there is no such block.
  if (id !== undefined && existing.isPending)
    return (
      <Stack>
        <PageHeading>{t('pages.cmsEditor')}</PageHeading>
        <Loader aria-label={t('loading')} />
      </Stack>
    );
  if (id !== undefined && (existing.isError || !existing.data)) {
    return (
      <Stack>
        <PageHeading>{t('pages.cmsEditor')}</PageHeading>
        <Alert color="red" role="alert">
          {t('cms.loadFailed')}
        </Alert>
      </Stack>
    );
  }
  // Keyed so that the form starts from the stored texts when another block is opened.
  return <CmsEditor key={id ?? 'new'} block={existing.data} />;
}

function CmsEditor({ block }: { block?: CmsBlockSource }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const save = useSaveCmsBlock();
  // "New advert" and the like from the navigation open the editor with the kind chosen.
  const [search] = useSearchParams();
  const requestedKind = search.get('kind');
  const [kind, setKind] = useState<CmsKind>(
    block?.kind ?? (CMS_KINDS.includes(requestedKind as CmsKind) ? (requestedKind as CmsKind) : 'page'),
  );
  const [active, setActive] = useState(block?.active ?? true);
  const [values, setValues] = useState<FormValues>({
    key: block?.key ?? '',
    titleEn: block?.titleEn ?? '',
    titleLv: block?.titleLv ?? '',
    bodyEn: block?.bodyEn ?? '',
    bodyLv: block?.bodyLv ?? '',
    linkPath: block?.linkPath ?? '',
    publishedAt: toDisplayDate(block?.publishedAt ?? null) ?? '',
    expiresAt: toDisplayDate(block?.expiresAt ?? null) ?? '',
  });
  const dated = DATED_KINDS.includes(kind);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const field = (name: keyof FormValues) => ({
    ...READABLE,
    value: values[name],
    error: errors[name] ? translateServerMessage(errors[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same rules the API runs (shared-contracts/cms), so mistakes show before the round trip.
    const found: Record<string, string> = {};
    if (!block && !isCmsKey(values.key.trim())) found.key = t('cms.errors.key');
    // Dates are typed DD.MM.YYYY; a date that is none stays as typed so the rule names it.
    const isoDate = (name: 'publishedAt' | 'expiresAt') => {
      const typed = values[name].trim();
      if (!dated || typed === '') return null;
      const date = parseDateTime(typed);
      if (!date) found[name] = t('cms.errors.date');
      return date?.toISOString() ?? null;
    };
    const texts = {
      titleEn: values.titleEn,
      titleLv: values.titleLv,
      bodyEn: values.bodyEn,
      bodyLv: values.bodyLv,
      kind,
      active,
      linkPath: dated ? values.linkPath.trim() || null : null,
      publishedAt: isoDate('publishedAt'),
      expiresAt: isoDate('expiresAt'),
    };
    for (const violation of cmsBlockViolations(texts)) found[violation.propertyPath] ??= violation.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const key = block?.key ?? values.key.trim();
    try {
      await save.mutateAsync({ key, block: texts });
      notify('success', t('cms.saved', { key }));
      if (!block) navigate(`/admin/cms/editor/${encodeURIComponent(key)}`, { replace: true });
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('cms.saveFailed'));
    }
  };

  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.cms'), to: '/admin/cms' }]} />
      <PageHeading>{block ? t('cms.editTitle', { key: block.key }) : t('cms.newTitle')}</PageHeading>
      <Text size="sm" c="gray.7">
        {t('cms.markdownHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!block && (
            <TextInput
              label={t('cms.fields.key')}
              description={t('cms.hints.key')}
              required
              maxLength={MAX_CMS_KEY}
              {...field('key')}
            />
          )}
          <Radio.Group
            label={t('cms.fields.kind')}
            description={t('cms.hints.kind')}
            value={kind}
            onChange={(value) => setKind(value as CmsKind)}
            error={errors.kind ? translateServerMessage(errors.kind) : undefined}
            {...READABLE}
          >
            <Group mt={4}>
              {CMS_KINDS.map((option) => (
                <Radio key={option} value={option} label={t(`cms.kinds.${option}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox
            label={t('cms.fields.active')}
            description={t('cms.hints.active')}
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
            {...READABLE}
          />
          {dated && (
            <Group align="flex-start" grow>
              <TextInput
                label={t('cms.fields.linkPath')}
                description={t('cms.hints.linkPath')}
                maxLength={MAX_CMS_LINK}
                {...field('linkPath')}
              />
              <TextInput
                label={t('cms.fields.publishedAt')}
                description={t('cms.hints.date')}
                placeholder="DD.MM.YYYY"
                {...field('publishedAt')}
              />
              <TextInput
                label={t('cms.fields.expiresAt')}
                description={t('cms.hints.date')}
                placeholder="DD.MM.YYYY"
                {...field('expiresAt')}
              />
            </Group>
          )}
          {LANGUAGES.map((language) => (
            <Fieldset key={language.locale} legend={t(`cms.languages.${language.locale}`)} lang={language.locale}>
              <Stack gap="sm">
                <TextInput
                  label={t(`cms.fields.${language.title}`)}
                  required
                  maxLength={200}
                  {...field(language.title)}
                />
                <Textarea
                  label={t(`cms.fields.${language.body}`)}
                  required
                  autosize
                  minRows={8}
                  maxRows={24}
                  {...field(language.body)}
                />
                <Preview markdown={values[language.body]} locale={language.locale} />
              </Stack>
            </Fieldset>
          ))}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('cms.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The text as the public page will show it: rendered and sanitised by the API, never by the screen. */
function Preview({ markdown, locale }: { markdown: string; locale: Locale }) {
  const { t } = useTranslation(NAMESPACE);
  const preview = usePreview();
  const label = t(`cms.previewOf.${locale}`);
  return (
    <Box>
      <Button variant="default" size="xs" onClick={() => preview.mutate(markdown)} loading={preview.isPending}>
        {label}
      </Button>
      {preview.isError && (
        <Text size="sm" c="red.9" mt="xs" role="alert">
          {t('cms.previewFailed')}
        </Text>
      )}
      {preview.data && (
        <Paper withBorder p="md" mt="xs" component="section" aria-label={label}>
          <div
            className="cms-content"
            data-testid={`cms-preview-${locale}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises it to a closed list of tags (api/src/modules/cms/markdown.ts), as for the public page
            dangerouslySetInnerHTML={{ __html: preview.data.html }}
          />
        </Paper>
      )}
    </Box>
  );
}
