// The desk's Settings area (admins): every setting the desk may change, by topic, with its value, its default and
// what it does; beside the table the chosen setting's form, checked by the setting's own rule before sending. A change
// is in use on every server within 10 s.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskMe } from '../../../../shared/contract/desk';
import {
  DESK_SETTINGS,
  deskSettingChangeSchema,
  SETTING_TOPICS,
  type DeskSetting,
  type DeskSettingKey,
} from '../../../../shared/contract/desk-settings';
import { TextField } from '../../../components/form/fields';
import { FormAlert, SubmitButton, submitOnce } from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { settingCalls, settingQueries } from '../settings-api';
import '../promotions-settings.css';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const FIELDS = ['value'] as const;

export function SettingsArea({ token }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(settingQueries.list(token));
  const [chosen, setChosen] = useState<DeskSettingKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const editing = items.find((item) => item.key === chosen) ?? null;

  return (
    <section className="desk-area" aria-labelledby="desk-settings-heading">
      <h1 id="desk-settings-heading">{t('desk_settings.title')}</h1>
      <p className="desk-lead">{t('desk_settings.lead')}</p>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <div className="desk-split">
        <div className="desk-split-main">
          {list.isPending && <p aria-busy="true">{t('desk_settings.loading')}</p>}
          {list.error && <FormAlert message={errorText(list.error, t)} />}
          {items.length > 0 && (
            <div className="desk-table-wrap">
              <table className="desk-table settings-table">
                <caption>{t('desk_settings.list_label')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('desk_settings.setting')}</th>
                    <th scope="col">{t('desk_settings.value')}</th>
                    <th scope="col">{t('desk_settings.default')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('desk_settings.change')}</span>
                    </th>
                  </tr>
                </thead>
                {SETTING_TOPICS.map((topic) => (
                  <tbody key={topic}>
                    <tr className="settings-topic">
                      <th scope="colgroup" colSpan={4}>
                        {t(`desk_settings.topics.${topic}`)}
                      </th>
                    </tr>
                    {items
                      .filter((item) => item.topic === topic)
                      .map((item) => (
                        <tr key={item.key} aria-current={item.key === chosen ? 'true' : undefined}>
                          <th scope="row">
                            <span className="settings-name">{t(`desk_settings.items.${item.key}`)}</span>
                            <code className="settings-key">{item.key}</code>
                          </th>
                          <td
                            data-label={t('desk_settings.value')}
                            className={item.value === item.default ? undefined : 'settings-changed'}
                          >
                            {shown(item.value, t)}
                          </td>
                          <td data-label={t('desk_settings.default')}>{shown(item.default, t)}</td>
                          <td>
                            <button
                              type="button"
                              className="button"
                              aria-label={t('desk_settings.change_one', { name: t(`desk_settings.items.${item.key}`) })}
                              onClick={() => {
                                setNotice(null);
                                setChosen(item.key as DeskSettingKey);
                              }}
                            >
                              {t('desk_settings.change')}
                            </button>
                          </td>
                        </tr>
                      ))}
                  </tbody>
                ))}
              </table>
            </div>
          )}
        </div>
        {editing ? (
          <SettingForm
            key={editing.key}
            token={token}
            setting={editing}
            onSaved={async (saved) => {
              setNotice(t('desk_settings.saved', { name: t(`desk_settings.items.${saved.key}`), value: shown(saved.value, t) }));
              setChosen(null);
              await refreshAfterWrite(queryClient, { queryKey: settingQueries.list(token).queryKey });
            }}
            onCancel={() => setChosen(null)}
          />
        ) : (
          <p className="desk-card settings-hint">{t('desk_settings.choose')}</p>
        )}
      </div>
    </section>
  );
}

/** When a setting was last stored, in Vietnam time. */
const when = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    dateStyle: 'short',
    timeStyle: 'short',
  });

const shown = (value: string | number, t: (key: string) => string) =>
  value === '' ? t('desk_settings.empty_value') : String(value);

function SettingForm({
  token,
  setting,
  onSaved,
  onCancel,
}: {
  token: string;
  setting: DeskSetting;
  onSaved(setting: DeskSetting): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [failure, setFailure] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  // The chosen setting's field takes the focus (on a phone the form is below the table: focusing scrolls to it).
  useEffect(() => ref.current?.querySelector('input')?.focus(), []);
  const key = setting.key as DeskSettingKey;
  const rule = DESK_SETTINGS[key];
  const name = t(`desk_settings.items.${key}`);
  const changedAt = setting.updated_at ? when(setting.updated_at, lang) : '';
  const hint =
    rule.kind === 'int'
      ? t('desk_settings.hint_int', { min: rule.min, max: rule.max, default: setting.default })
      : rule.kind === 'time'
        ? t('desk_settings.hint_time', { default: setting.default })
        : t('desk_settings.hint_text', { default: setting.default === '' ? t('desk_settings.empty_value') : setting.default });
  return (
    <Formik
      initialValues={{ value: String(setting.value) }}
      validate={(values) => validateWith(deskSettingChangeSchema, { key, value: values.value }, t, FIELDS)}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        try {
          await onSaved(await settingCalls.change(token, key, values.value));
        } catch (error) {
          helpers.setErrors(fieldErrors(error, FIELDS, t));
          setFailure(errorText(error, t));
        }
      }}
    >
      {(form) => (
        <form
          ref={ref}
          className="desk-card settings-form"
          aria-labelledby="settings-form-heading"
          noValidate
          onSubmit={(event) => submitOnce(form, event)}
        >
          <h2 id="settings-form-heading">{name}</h2>
          <p className="settings-key">{key}</p>
          {setting.updated_at && <p className="settings-when">{t('desk_settings.changed_at', { when: changedAt })}</p>}
          <TextField
            name="value"
            label={t('desk_settings.new_value')}
            inputMode={rule.kind === 'int' ? 'numeric' : undefined}
            placeholder={rule.kind === 'time' ? 'HH:MM' : undefined}
            hint={hint}
            spellCheck={false}
          />
          <FormAlert message={failure} />
          <div className="promo-form-actions">
            <SubmitButton busy={form.isSubmitting}>{t('desk_settings.save')}</SubmitButton>
            <button type="button" className="button" onClick={onCancel}>
              {t('desk_settings.cancel')}
            </button>
          </div>
        </form>
      )}
    </Formik>
  );
}
