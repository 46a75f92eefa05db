import type { Locale } from '@portal/shared-contracts';
import { type CmsBlockSource, cmsBlockViolations, isCmsKey, MAX_CMS_KEY } from '@portal/shared-contracts/cms';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useParams } from '@portal/shared-contracts/router';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset, Textarea } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../list';
import { useCmsBlock, usePreview, useSaveCmsBlock, violationsByField } from './api';

interface FormValues {
  key: string;
  titleEn: string;
  titleLv: string;
  bodyEn: string;
  bodyLv: string;
}

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
  const [values, setValues] = useState<FormValues>({
    key: block?.key ?? '',
    titleEn: block?.titleEn ?? '',
    titleLv: block?.titleLv ?? '',
    bodyEn: block?.bodyEn ?? '',
    bodyLv: block?.bodyLv ?? '',
  });
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
    for (const violation of cmsBlockViolations(values)) found[violation.propertyPath] ??= violation.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const key = block?.key ?? values.key.trim();
    try {
      const { key: _key, ...texts } = values;
      await save.mutateAsync({ key, block: texts });
      notify('success', t('cms.saved', { key }));
      if (!block) navigate(`/admin/cms/editor/${encodeURIComponent(key)}`, { replace: true });
    } catch (error) {
      const violations = violationsByField(error);
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
