// Keywords: the words that opt a number out or back in by SMS and the confirmation each answers with, read by
// members who may read contacts and changed by those who may record opt-outs.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useAction } from '../ui/use-action.ts';
import '../styles/admin.css';

type Keywords = Outputs['inbox']['keywords'];

export function KeywordsPage() {
  const { t } = useTranslation('inbox');
  const keywords = useQuery(trpc.inbox.keywords.queryOptions());
  return (
    <Page title={t('keywords.title')}>
      <p className="lead">{t('keywords.lead')}</p>
      <QueryState query={keywords} label={t('keywords.loading')}>
        {(data) => <KeywordsForm keywords={data} />}
      </QueryState>
    </Page>
  );
}

/** Words as typed: separated by spaces or commas. */
const wordsOf = (text: string) => text.split(/[\s,]+/).filter((w) => w !== '');

function KeywordsForm({ keywords }: { keywords: Keywords }) {
  const { t } = useTranslation('inbox');
  const editable = useCan()('opt_outs.write');
  const [values, setValues] = useState({
    opt_out_words: keywords.opt_out_words.join(' '),
    opt_in_words: keywords.opt_in_words.join(' '),
    opt_out_reply: keywords.opt_out_reply,
    opt_in_reply: keywords.opt_in_reply,
  });
  const [saved, setSaved] = useState(false);
  const save = useAction(trpc.inbox.setKeywords.mutationOptions(), {
    onSuccess: (answer) => {
      setSaved(true);
      queryClient.setQueryData(trpc.inbox.keywords.queryKey(), answer);
    },
  });
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setSaved(false);
    setValues({ ...values, [field]: e.target.value });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.run({ ...values, opt_out_words: wordsOf(values.opt_out_words), opt_in_words: wordsOf(values.opt_in_words) });
  };
  const restoreWords = () => setValues({ ...values, opt_out_words: keywords.defaults.opt_out_words.join(' '), opt_in_words: keywords.defaults.opt_in_words.join(' ') });

  return (
    <form className="form card" onSubmit={submit} aria-label={t('keywords.title')} noValidate>
      {saved && (
        <p className="alert alert-success" role="status">
          {t('keywords.saved')}
        </p>
      )}
      <fieldset className="inbox-keywords" disabled={!editable}>
        <Field label={t('keywords.optOutWords')} hint={t('keywords.wordsHint')}>
          {(c) => <input {...c} name="opt_out_words" value={values.opt_out_words} onChange={set('opt_out_words')} autoComplete="off" />}
        </Field>
        <Field label={t('keywords.optInWords')} hint={t('keywords.wordsHint')}>
          {(c) => <input {...c} name="opt_in_words" value={values.opt_in_words} onChange={set('opt_in_words')} autoComplete="off" />}
        </Field>
        <Field label={t('keywords.optOutReply')} hint={t('keywords.replyHint')}>
          {(c) => <textarea {...c} name="opt_out_reply" rows={3} value={values.opt_out_reply} onChange={set('opt_out_reply')} />}
        </Field>
        <div className="admin-row-actions">
          <button type="button" className="button button-secondary" onClick={() => setValues({ ...values, opt_out_reply: keywords.defaults.opt_out_reply })}>
            {t('keywords.useDefault')}
          </button>
        </div>
        <Field label={t('keywords.optInReply')} hint={t('keywords.replyHint')}>
          {(c) => <textarea {...c} name="opt_in_reply" rows={3} value={values.opt_in_reply} onChange={set('opt_in_reply')} />}
        </Field>
        <div className="admin-row-actions">
          <button type="button" className="button button-secondary" onClick={() => setValues({ ...values, opt_in_reply: keywords.defaults.opt_in_reply })}>
            {t('keywords.useDefault')}
          </button>
        </div>
      </fieldset>
      {save.error !== null && <ErrorAlert error={save.error} />}
      {editable && (
        <div className="admin-row-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('keywords.save')}
          </button>
          <button type="button" className="button button-secondary" onClick={restoreWords}>
            {t('keywords.restoreWords')}
          </button>
        </div>
      )}
    </form>
  );
}
